import { useTranslation } from 'react-i18next';
import { PlusIcon } from '~/components/icons';
import { inputProps } from '~/lib/conform';
import { EditorSection } from './editor-shell';
import { FieldError } from '~/components/ui/field';
import { RemoveRowButton } from './list-rows';
import type { SiteFields, SiteFormMeta } from './site-form-types';
import { FormField } from '~/components/ui/conform-fields';

/** Alternate addresses of the site (shown in the card's menu; the main URL is what a click opens). */
export function SiteUrlsSection({ form, fields }: { form: SiteFormMeta; fields: SiteFields }) {
  const { t } = useTranslation();
  const urls = fields.siteAccessRules.getFieldset().urls;
  const rows = urls.getFieldList();
  return (
    <EditorSection
      id="urls"
      title={t('editor.site.urls')}
      description={t('editor.site.urlsHint')}
      actions={
        <button
          className="button button-small"
          {...form.insert.getButtonProps({ name: urls.name, defaultValue: { url: '', label: '' } })}
        >
          <PlusIcon size={16} />
          {t('editor.site.addUrl')}
        </button>
      }
    >
      {rows.length === 0 ? <p className="editor-empty">{t('editor.site.noUrls')}</p> : null}
      <ol className="editor-rows">
        {rows.map((row, index) => {
          const f = row.getFieldset();
          return (
            <li key={row.key} className="editor-row editor-row-url">
              {f.id.initialValue ? <input {...inputProps(f.id, { type: 'hidden' })} key={f.id.key} /> : null}
              <FormField
                className="grow"
                label={t('editor.site.altUrl', { n: index + 1 })}
                field={f.url}
                inputMode="url"
                placeholder="https://"
              />
              <FormField className="editor-row-label" label={t('editor.site.altLabel')} field={f.label} />
              <RemoveRowButton
                control={form.remove.getButtonProps({ name: urls.name, index })}
                label={t('editor.site.removeUrl', { n: index + 1 })}
              />
            </li>
          );
        })}
      </ol>
      <FieldError errors={urls.errors} />
    </EditorSection>
  );
}
