import { getCollectionProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { AI_ANALYZE_FIELD, type AiNotice } from '~/lib/site-ai';
import { EditorSection } from './editor-shell';
import { FieldError } from '~/components/ui/field';
import type { SiteFields, TagOption } from './site-form-types';
import { IconFields } from './icon-fields';
import { FetchDetails, type FetchDetailsState } from './site-fetch-details';
import { FormField, FormSwitch, useFieldText } from '~/components/ui/conform-fields';

export function SiteBasicSection({
  fields,
  tags,
  cardId,
  fetchDetails,
  ai,
}: {
  fields: SiteFields;
  tags: TagOption[];
  cardId?: string;
  /** "Fetch details": the page's title, description and icon into the empty fields. */
  fetchDetails: FetchDetailsState;
  /** Set when AI is configured: the analyze buttons, and what the last analysis filled in. */
  ai?: { notice?: AiNotice };
}) {
  const { t } = useTranslation();
  const text = useFieldText('editor.site');
  const tagBoxes = getCollectionProps(fields.tagIds, {
    type: 'checkbox',
    options: tags.map((tag) => tag.id),
  });
  return (
    <EditorSection id="basic" title={t('editor.site.basic')}>
      <FormField label={t('editor.site.name')} field={fields.name} autoComplete="off" />
      <FormField
        label={t('editor.site.url')}
        field={fields.siteUrl}
        inputMode="url"
        placeholder="https://example.com"
        autoComplete="off"
      />
      <FetchDetails state={fetchDetails} />
      {ai ? <AiAnalyze notice={ai.notice} /> : null}
      <FormField {...text('description')} field={fields.siteDescription} />
      <IconFields of="site" url={fields.iconUrl} colour={fields.iconBgColor} />
      <FormSwitch {...text('pinned')} field={fields.siteIsPinned} />
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
