import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';
import { inputProps, selectProps } from '~/lib/conform';
import { EditorSection } from './editor-shell';
import { SelectField, SwitchField } from './form-controls';
import type { SiteFields } from './site-form-types';

export function SiteCheckSection({ fields }: { fields: SiteFields }) {
  const { t } = useTranslation();
  return (
    <EditorSection id="check" title={t('editor.site.check')} description={t('editor.site.checkHint')}>
      <SwitchField
        label={t('editor.site.skipCheck')}
        {...inputProps(fields.siteSkipOnlineCheck, { type: 'checkbox' })}
        key={fields.siteSkipOnlineCheck.key}
        hint={t('editor.site.skipCheckHint')}
      />
      <div className="editor-grid editor-grid-3">
        <SelectField
          label={t('editor.site.frequency')}
          {...selectProps(fields.siteOnlineCheckFrequency)}
          key={fields.siteOnlineCheckFrequency.key}
          errors={fields.siteOnlineCheckFrequency.errors}
          options={(['5min', '1h', '1d'] as const).map((v) => ({
            value: v,
            label: t(`editor.site.every.${v}`),
          }))}
        />
        <Field
          label={t('editor.site.timeout')}
          {...inputProps(fields.siteOnlineCheckTimeout, { type: 'number' })}
          key={fields.siteOnlineCheckTimeout.key}
          hint={t('editor.site.timeoutHint')}
          errors={fields.siteOnlineCheckTimeout.errors}
        />
        <Field
          label={t('editor.site.failThreshold')}
          {...inputProps(fields.siteOnlineCheckFailThreshold, { type: 'number' })}
          key={fields.siteOnlineCheckFailThreshold.key}
          hint={t('editor.site.failThresholdHint')}
          errors={fields.siteOnlineCheckFailThreshold.errors}
        />
      </div>
      <div className="editor-grid">
        <SelectField
          label={t('editor.site.matchMode')}
          {...selectProps(fields.siteOnlineCheckMatchMode)}
          key={fields.siteOnlineCheckMatchMode.key}
          errors={fields.siteOnlineCheckMatchMode.errors}
          options={[
            { value: 'status', label: t('editor.site.matchStatus') },
            { value: 'keyword', label: t('editor.site.matchKeyword') },
          ]}
        />
        <Field
          label={t('editor.site.keyword')}
          {...inputProps(fields.siteOnlineCheckKeyword, { type: 'text' })}
          key={fields.siteOnlineCheckKeyword.key}
          hint={t('editor.site.keywordHint')}
          errors={fields.siteOnlineCheckKeyword.errors}
        />
      </div>
      <SwitchField
        label={t('editor.site.offlineNotify')}
        {...inputProps(fields.siteOfflineNotify, { type: 'checkbox' })}
        key={fields.siteOfflineNotify.key}
        hint={t('editor.site.offlineNotifyHint')}
      />
    </EditorSection>
  );
}
