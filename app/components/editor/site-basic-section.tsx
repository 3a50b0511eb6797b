import { getCollectionProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Field } from '~/components/ui/field';
import { inputProps } from '~/lib/conform';
import { AI_ANALYZE_FIELD, type AiNotice } from '~/lib/site-ai';
import { EditorSection } from './editor-shell';
import { ColourField, FieldError, SwitchField } from './form-controls';
import type { SiteFields, TagOption } from './site-form-types';

export function SiteBasicSection({
  fields,
  tags,
  cardId,
  ai,
}: {
  fields: SiteFields;
  tags: TagOption[];
  cardId?: string;
  /** Set when AI is configured: the analyze buttons, and what the last analysis filled in. */
  ai?: { notice?: AiNotice };
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
      {ai ? <AiAnalyze notice={ai.notice} /> : null}
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

/** Two submit buttons (basic, full): the action answers the form with the AI's suggestions filled in. */
function AiAnalyze({ notice }: { notice?: AiNotice }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get(AI_ANALYZE_FIELD);
  return (
    <div className="ai-analyze">
      <div className="ai-analyze-buttons">
        {(['basic', 'full'] as const).map((scope) => (
          <button
            key={scope}
            type="submit"
            name={AI_ANALYZE_FIELD}
            value={scope}
            formNoValidate
            className="button button-small"
            disabled={Boolean(busy)}
          >
            {busy === scope
              ? t('editor.site.aiAnalyzing')
              : t(scope === 'basic' ? 'editor.site.aiAnalyze' : 'editor.site.aiAnalyzeFull')}
          </button>
        ))}
      </div>
      <p className="field-hint">{t('editor.site.aiAnalyzeHint')}</p>
      {notice ? (
        <p role="status" className="notice notice-success">
          {t('editor.site.aiFilled')}{' '}
          {notice.related ? t('editor.site.aiFilledRelated', { count: notice.related }) : null}{' '}
          {notice.newTags.length ? t('editor.site.aiNewTags', { names: notice.newTags.join(', ') }) : null}
        </p>
      ) : null}
    </div>
  );
}
