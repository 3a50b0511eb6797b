import { useTranslation } from 'react-i18next';
import { PlusIcon } from '~/components/icons';
import { inputProps, selectProps } from '~/lib/conform';
import { EditorSection } from './editor-shell';
import { FieldError, OptionList } from '~/components/ui/field';
import { RemoveRowButton } from './list-rows';
import type { SiteFields, SiteFormMeta, SiteOption } from './site-form-types';
import { FormField, FormTextarea, FormSwitch, useFieldText } from '~/components/ui/conform-fields';

/** Above this many cards a searchable text box (datalist) replaces the drop-down. */
const SELECT_LIMIT = 300;

export function SiteRelatedSection({
  form,
  fields,
  sites,
}: {
  form: SiteFormMeta;
  fields: SiteFields;
  sites: SiteOption[];
}) {
  const { t } = useTranslation();
  const text = useFieldText('editor.site');
  const list = fields.siteRelatedSites;
  const rows = list.getFieldList();
  const useDatalist = sites.length > SELECT_LIMIT;
  return (
    <EditorSection id="related" title={t('editor.site.related')} description={t('editor.site.relatedHint')}>
      <FormTextarea {...text('recommendContext')} field={fields.siteRecommendContext} rows={3} />
      <div className="editor-switches">
        <FormSwitch {...text('recommendContextEnabled')} field={fields.siteRecommendContextEnabled} />
        <FormSwitch {...text('recommendContextAutoGen')} field={fields.siteRecommendContextAutoGen} />
        <FormSwitch {...text('aiRelation')} field={fields.siteAiRelationEnabled} />
        <FormSwitch {...text('relatedEnabled')} field={fields.siteRelatedSitesEnabled} />
      </div>
      <div className="editor-subhead">
        <h3>{t('editor.site.relatedList')}</h3>
        <button
          className="button button-small"
          {...form.insert.getButtonProps({
            name: list.name,
            defaultValue: { cardId: '', enabled: true, reason: '', source: 'manual' },
          })}
          disabled={sites.length === 0}
        >
          <PlusIcon size={16} />
          {t('editor.site.addRelated')}
        </button>
      </div>
      {sites.length === 0 ? <p className="editor-empty">{t('editor.site.noOtherSites')}</p> : null}
      {sites.length > 0 && rows.length === 0 ? (
        <p className="editor-empty">{t('editor.site.noRelated')}</p>
      ) : null}
      {useDatalist ? (
        <datalist id="related-site-options">
          {sites.map((s) => (
            <option key={s.id} value={s.id} label={s.name} />
          ))}
        </datalist>
      ) : null}
      <ol className="editor-rows">
        {rows.map((row, index) => {
          const f = row.getFieldset();
          const label = t('editor.site.relatedSite', { n: index + 1 });
          const known = sites.some((s) => s.id === f.cardId.initialValue);
          return (
            <li key={row.key} className="editor-row editor-row-related">
              <input {...inputProps(f.source, { type: 'hidden' })} key={f.source.key} />
              {useDatalist ? (
                <FormField
                  className="grow"
                  label={label}
                  field={f.cardId}
                  list="related-site-options"
                  hint={t('editor.site.relatedSearchHint')}
                />
              ) : (
                <div className="field grow">
                  <label htmlFor={f.cardId.id}>{label}</label>
                  <select
                    {...selectProps(f.cardId)}
                    key={f.cardId.key}
                    aria-invalid={f.cardId.errors ? true : undefined}
                    aria-describedby={f.cardId.errors ? f.cardId.errorId : undefined}
                  >
                    <option value="">{t('editor.site.chooseSite')}</option>
                    {!known && f.cardId.initialValue ? (
                      <option value={String(f.cardId.initialValue)}>{String(f.cardId.initialValue)}</option>
                    ) : null}
                    <OptionList items={sites} />
                  </select>
                  <FieldError id={f.cardId.errorId} errors={f.cardId.errors} />
                </div>
              )}
              <FormField className="grow" label={t('editor.site.reason')} field={f.reason} />
              <label className="check editor-row-check">
                <input {...inputProps(f.enabled, { type: 'checkbox' })} key={f.enabled.key} />
                {t('editor.site.relatedOn')}
              </label>
              <RemoveRowButton
                control={form.remove.getButtonProps({ name: list.name, index })}
                label={t('editor.site.removeRelated', { n: index + 1 })}
              />
            </li>
          );
        })}
      </ol>
      <FieldError errors={list.errors} />
    </EditorSection>
  );
}
