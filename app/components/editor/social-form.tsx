import type { SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { safeImageSrc } from '#server/urls/url-policy.shared';
import type { SocialTypeMeta } from '#server/cards/card-kinds.shared';
import { socialFormSchema, type SocialFormValue } from '~/lib/editor-schemas';
import type { socialDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { EditorForm, useEditorForm } from './editor-form';
import { FormField, FormColour } from '~/components/ui/conform-fields';

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
        <FormField
          label={t(`editor.socialIdFields.${meta.idField}`)}
          field={idField}
          inputMode={meta.idField === 'url' ? 'url' : meta.idField === 'email' ? 'email' : undefined}
          placeholder={meta.idField === 'url' ? 'https://' : undefined}
          autoComplete="off"
        />
        {qr ? (
          <div className="qr-row">
            <FormField
              className="grow"
              label={t('editor.social.qrCodeUrl')}
              field={qr}
              inputMode="url"
              placeholder="https://"
              hint={t('editor.social.qrCodeUrlHint')}
            />
            {qrPreview ? (
              <img className="qr-preview" src={qrPreview} alt={t('editor.social.qrPreview')} />
            ) : null}
          </div>
        ) : null}
        <FormField
          label={t('editor.social.label')}
          field={fields.label}
          hint={t('editor.social.labelHint', { type: typeLabel })}
        />
        <FormField label={t('editor.social.hint')} field={fields.hint} hint={t('editor.social.hintHint')} />
        <FormField
          label={t('files.iconUrl')}
          field={fields.iconUrl}
          inputMode="url"
          placeholder="https://"
          hint={t('files.iconUrlHint')}
          autoComplete="off"
        />
        <FormColour
          label={t('editor.social.iconBgColor')}
          field={fields.iconBgColor}
          current={fields.iconBgColor.value || meta.color}
          placeholder={meta.color}
          hint={t('editor.social.iconBgColorHint', { colour: meta.color })}
        />
      </EditorSection>
    </EditorForm>
  );
}
