import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { safeImageSrc } from '#server/urls/url-policy.shared';
import type { SocialTypeMeta } from '#server/cards/card-kinds.shared';
import { QR_FILE_FIELD, socialFormSchema, type SocialFormValue } from '~/lib/editor-schemas';
import { Field } from '~/components/ui/field';
import type { socialDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { useZodForm } from '~/lib/conform';
import { EditorForm, type EditorPageProps } from './editor-form';
import { IconFields } from './icon-fields';
import { FormField, FormColour, useFieldText } from '~/components/ui/conform-fields';

/** Pictures a QR code may be (what the icon uploads accept, bar BMP which phones do not make). */
const QR_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

export function SocialForm({
  meta,
  defaultValue,
  lastResult,
  typeActions,
  ...frame
}: EditorPageProps<ReturnType<typeof socialDefaults>> & {
  meta: SocialTypeMeta;
  typeActions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const text = useFieldText('editor.social');
  const schema = useMemo(() => socialFormSchema(meta), [meta]); // meta: an entry of SOCIAL_TYPES (stable)
  const [form, fields] = useZodForm<typeof schema, SocialFormValue>(schema, {
    id: 'social-form',
    defaultValue,
    lastResult,
  });
  const payload = fields.payload.getFieldset();
  const idField = payload[meta.idField]!;
  const qr = payload.qrCodeUrl;
  const typeLabel = t(`editor.socialTypes.${meta.type}`);
  const qrPreview = typeof qr?.value === 'string' ? safeImageSrc(qr.value) : null;
  return (
    <EditorForm form={form} {...frame} hidden={{ cardType: meta.type }} multipart={meta.qr}>
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
            <div className="grow stack">
              <FormField {...text('qrCodeUrl')} field={qr} inputMode="url" placeholder="https://" />
              <Field
                id="qr-code-file"
                label={t('editor.social.qrCodeFile')}
                hint={t('editor.social.qrCodeFileHint')}
                type="file"
                name={QR_FILE_FIELD}
                accept={QR_ACCEPT}
              />
            </div>
            {qrPreview ? (
              <img className="qr-preview" src={qrPreview} alt={t('editor.social.qrPreview')} />
            ) : null}
          </div>
        ) : null}
        <FormField {...text('label', { type: typeLabel })} field={fields.label} />
        <FormField {...text('hint')} field={fields.hint} />
        <IconFields url={fields.iconUrl} />
        <FormColour
          {...text('iconBgColor', { colour: meta.color })}
          field={fields.iconBgColor}
          current={fields.iconBgColor.value || meta.color}
          placeholder={meta.color}
        />
      </EditorSection>
    </EditorForm>
  );
}
