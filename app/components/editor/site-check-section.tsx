import { useTranslation } from 'react-i18next';
import { EditorSection } from './editor-shell';
import type { SiteFields } from './site-form-types';
import { FormField, FormSelect, FormSwitch, useFieldText } from '~/components/ui/conform-fields';

export function SiteCheckSection({ fields }: { fields: SiteFields }) {
  const { t } = useTranslation();
  const text = useFieldText('editor.site');
  return (
    <EditorSection id="check" title={t('editor.site.check')} description={t('editor.site.checkHint')}>
      <FormSwitch {...text('skipCheck')} field={fields.siteSkipOnlineCheck} />
      <div className="editor-grid editor-grid-3">
        <FormSelect
          label={t('editor.site.frequency')}
          field={fields.siteOnlineCheckFrequency}
          options={(['5min', '1h', '1d'] as const).map((v) => ({
            value: v,
            label: t(`editor.site.every.${v}`),
          }))}
        />
        <FormField {...text('timeout')} field={fields.siteOnlineCheckTimeout} type="number" />
        <FormField {...text('failThreshold')} field={fields.siteOnlineCheckFailThreshold} type="number" />
      </div>
      <div className="editor-grid">
        <FormSelect
          label={t('editor.site.matchMode')}
          field={fields.siteOnlineCheckMatchMode}
          options={[
            { value: 'status', label: t('editor.site.matchStatus') },
            { value: 'keyword', label: t('editor.site.matchKeyword') },
          ]}
        />
        <FormField {...text('keyword')} field={fields.siteOnlineCheckKeyword} />
      </div>
      <FormSwitch {...text('offlineNotify')} field={fields.siteOfflineNotify} />
    </EditorSection>
  );
}
