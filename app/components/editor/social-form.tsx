import type { SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { safeImageSrc } from '#server/urls/url-policy.shared';
import type { SocialTypeMeta } from '#server/cards/card-kinds.shared';
import { Field } from '~/components/ui/field';
import { inputProps } from '~/lib/conform';
import { socialFormSchema, type SocialFormValue } from '~/lib/editor-schemas';
import type { socialDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { EditorForm, useEditorForm } from './editor-form';
import { ColourField } from './form-controls';

export function SocialForm({
  meta,
  defaultValue,
  lastResult,
  returnTo,
  deleteHref,
  submitLabel,
  typeActions,
}: {
  meta: SocialTypeMeta;
  defaultValue: ReturnType<typeof socialDefaults>;
  lastResult: SubmissionResult<string[]> | undefined;
  returnTo: string;
  deleteHref?: string;
  submitLabel: string;
  typeActions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => socialFormSchema(meta), [meta]); // meta: an entry of SOCIAL_TYPES (stable)
  const [form, fields] = useEditorForm<SocialFormValue>({
    id: 'social-form',
    schema,
    defaultValue,
    lastResult,
  });
  const payload = fields.payload.getFieldset();
  const idField = payload[meta.idField]!;
  const qr = payload.qrCodeUrl;
  const typeLabel = t(`editor.socialTypes.${meta.type}`);
  const qrPreview = typeof qr?.value === 'string' ? safeImageSrc(qr.value) : null;
  return (
    <EditorForm
      form={form}
      returnTo={returnTo}
      submitLabel={submitLabel}
      deleteHref={deleteHref}
      hidden={{ cardType: meta.type }}
    >
      <EditorSection
        id="social-basic"
        title={typeLabel}
        description={t(meta.opensUrl ? 'editor.social.opensUrlHint' : 'editor.social.showsDetailHint')}
        actions={typeActions}
      >
        <Field
          label={t(`editor.socialIdFields.${meta.idField}`)}
          {...inputProps(idField, { type: 'text' })}
          key={idField.key}
          inputMode={meta.idField === 'url' ? 'url' : meta.idField === 'email' ? 'email' : undefined}
          placeholder={meta.idField === 'url' ? 'https://' : undefined}
          errors={idField.errors}
          autoComplete="off"
        />
        {qr ? (
          <div className="qr-row">
            <Field
              className="grow"
              label={t('editor.social.qrCodeUrl')}
              {...inputProps(qr, { type: 'text' })}
              key={qr.key}
              inputMode="url"
              placeholder="https://"
              hint={t('editor.social.qrCodeUrlHint')}
              errors={qr.errors}
            />
            {qrPreview ? (
              <img className="qr-preview" src={qrPreview} alt={t('editor.social.qrPreview')} />
            ) : null}
          </div>
        ) : null}
        <Field
          label={t('editor.social.label')}
          {...inputProps(fields.label, { type: 'text' })}
          key={fields.label.key}
          hint={t('editor.social.labelHint', { type: typeLabel })}
          errors={fields.label.errors}
        />
        <Field
          label={t('editor.social.hint')}
          {...inputProps(fields.hint, { type: 'text' })}
          key={fields.hint.key}
          hint={t('editor.social.hintHint')}
          errors={fields.hint.errors}
        />
        <Field
          label={t('files.iconUrl')}
          {...inputProps(fields.iconUrl, { type: 'text' })}
          key={fields.iconUrl.key}
          inputMode="url"
          placeholder="https://"
          hint={t('files.iconUrlHint')}
          errors={fields.iconUrl.errors}
          autoComplete="off"
        />
        <ColourField
          label={t('editor.social.iconBgColor')}
          {...inputProps(fields.iconBgColor, { type: 'text' })}
          key={fields.iconBgColor.key}
          current={fields.iconBgColor.value || meta.color}
          placeholder={meta.color}
          hint={t('editor.social.iconBgColorHint', { colour: meta.color })}
          errors={fields.iconBgColor.errors}
        />
      </EditorSection>
    </EditorForm>
  );
}
