import { getCollectionProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';
import { inputProps } from '~/lib/conform';
import { EditorSection } from './editor-shell';
import { ColourField, FieldError, SwitchField } from './form-controls';
import type { SiteFields, TagOption } from './site-form-types';

export function SiteBasicSection({
  fields,
  tags,
  cardId,
}: {
  fields: SiteFields;
  tags: TagOption[];
  cardId?: string;
}) {
  const { t } = useTranslation();
  const tagBoxes = getCollectionProps(fields.tagIds, {
    type: 'checkbox',
    options: tags.map((tag) => tag.id),
  });
  return (
    <EditorSection id="basic" title={t('editor.site.basic')}>
      <Field
        label={t('editor.site.name')}
        {...inputProps(fields.name, { type: 'text' })}
        key={fields.name.key}
        errors={fields.name.errors}
        autoComplete="off"
      />
      <Field
        label={t('editor.site.url')}
        {...inputProps(fields.siteUrl, { type: 'text' })}
        key={fields.siteUrl.key}
        inputMode="url"
        placeholder="https://example.com"
        errors={fields.siteUrl.errors}
        autoComplete="off"
      />
      <Field
        label={t('editor.site.description')}
        {...inputProps(fields.siteDescription, { type: 'text' })}
        key={fields.siteDescription.key}
        hint={t('editor.site.descriptionHint')}
        errors={fields.siteDescription.errors}
      />
      <div className="editor-grid">
        <Field
          label={t('editor.site.iconUrl')}
          {...inputProps(fields.iconUrl, { type: 'text' })}
          key={fields.iconUrl.key}
          inputMode="url"
          placeholder="https://"
          hint={t('editor.site.iconUrlHint')}
          errors={fields.iconUrl.errors}
        />
        <ColourField
          label={t('editor.site.iconBgColor')}
          {...inputProps(fields.iconBgColor, { type: 'text' })}
          key={fields.iconBgColor.key}
          current={fields.iconBgColor.value}
          placeholder="transparent"
          hint={t('editor.colourHint')}
          errors={fields.iconBgColor.errors}
        />
      </div>
      <SwitchField
        label={t('editor.site.pinned')}
        {...inputProps(fields.siteIsPinned, { type: 'checkbox' })}
        key={fields.siteIsPinned.key}
        hint={t('editor.site.pinnedHint')}
      />
      <fieldset className="editor-fieldset">
        <legend>{t('editor.site.tags')}</legend>
        {tags.length ? (
          <div className="tag-choices">
            {tagBoxes.map(({ key, ...box }, i) => (
              <label key={key} className="tag-choice">
                <input {...box} />
                <span>{tags[i]!.name}</span>
                {tags[i]!.isHidden ? <span className="badge">{t('editor.hiddenBadge')}</span> : null}
              </label>
            ))}
          </div>
        ) : (
          <p className="field-hint">{t('editor.site.noTags')}</p>
        )}
        <FieldError errors={fields.tagIds.errors} />
      </fieldset>
      {cardId ? (
        <p className="field-hint">
          {t('editor.site.noteLinkHint')}{' '}
          <code className="editor-code">{`[…](sakura-site://${cardId})`}</code>
        </p>
      ) : null}
    </EditorSection>
  );
}
