import { useTranslation } from 'react-i18next';
import { EditorSection } from './editor-shell';
import type { SiteFields } from './site-form-types';
import { FormField, FormSelect, FormSwitch } from '~/components/ui/conform-fields';

export function SiteCheckSection({ fields }: { fields: SiteFields }) {
  const { t } = useTranslation();
  return (
    <EditorSection id="check" title={t('editor.site.check')} description={t('editor.site.checkHint')}>
      <FormSwitch
        label={t('editor.site.skipCheck')}
        field={fields.siteSkipOnlineCheck}
        hint={t('editor.site.skipCheckHint')}
      />
      <div className="editor-grid editor-grid-3">
        <FormSelect
          label={t('editor.site.frequency')}
          field={fields.siteOnlineCheckFrequency}
          options={(['5min', '1h', '1d'] as const).map((v) => ({
            value: v,
            label: t(`editor.site.every.${v}`),
          }))}
        />
        <FormField
          label={t('editor.site.timeout')}
          field={fields.siteOnlineCheckTimeout}
          type="number"
          hint={t('editor.site.timeoutHint')}
        />
        <FormField
          label={t('editor.site.failThreshold')}
          field={fields.siteOnlineCheckFailThreshold}
          type="number"
          hint={t('editor.site.failThresholdHint')}
        />
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
        <FormField
          label={t('editor.site.keyword')}
          field={fields.siteOnlineCheckKeyword}
          hint={t('editor.site.keywordHint')}
        />
      </div>
      <FormSwitch
        label={t('editor.site.offlineNotify')}
        field={fields.siteOfflineNotify}
        hint={t('editor.site.offlineNotifyHint')}
      />
    </EditorSection>
  );
}
