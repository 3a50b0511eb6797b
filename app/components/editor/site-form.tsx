import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { SiteFormSchema, type SiteFormValue } from '~/lib/editor-schemas';
import type { siteDefaults } from '~/lib/editor-values';
import { AI_ANALYZE_FIELD, type AiNotice } from '~/lib/site-ai';
import { FETCH_DETAILS_FIELD, type FetchNotice } from '~/lib/site-preview';
import { SectionIndex } from './editor-shell';
import { useZodForm } from '~/lib/conform';
import { EditorForm, type EditorPageProps } from './editor-form';
import { ErrorSummary } from './error-summary';
import { useFetchDetails } from './site-fetch-details';
import { SiteBasicSection } from './site-basic-section';
import { SiteCheckSection } from './site-check-section';
import type { SiteOption, TagOption } from './site-form-types';
import { SiteMemoSection } from './site-memo-section';
import { SiteRelatedSection } from './site-related-section';
import { SiteUrlsSection } from './site-urls-section';

/** Its buttons that ask the server for suggestions (not a save: the form is not checked before it goes). */
const LOOKUPS = [AI_ANALYZE_FIELD, FETCH_DETAILS_FIELD];

/** The section (its id, also the i18n key of its heading) a field of the form is in. */
function sectionOf(name: string): 'basic' | 'urls' | 'check' | 'related' | 'memo' {
  if (name.startsWith('siteAccessRules')) return 'urls';
  if (/^site(OnlineCheck|SkipOnlineCheck|OfflineNotify)/.test(name)) return 'check';
  if (/^site(Related|Recommend|AiRelation)/.test(name)) return 'related';
  if (/^site(Notes|Todos)/.test(name)) return 'memo';
  return 'basic';
}

/** Every field of a site card, in sections; rows are added and removed with conform's list intents. */
export function SiteForm({
  defaultValue,
  lastResult,
  tags,
  sites,
  cardId,
  aiReady,
  autoFetch = false,
  noteHref,
  ...frame
}: EditorPageProps<
  ReturnType<typeof siteDefaults>,
  SubmissionResult<string[]> & { aiNotice?: AiNotice; fetchNotice?: FetchNotice }
> & {
  tags: TagOption[];
  sites: SiteOption[];
  cardId?: string;
  /** AI is configured: the analyze buttons are shown. */
  aiReady?: boolean;
  /** The URL came prefilled (bookmarklet, share target): with JavaScript, fetch its details at once. */
  autoFetch?: boolean;
  noteHref: (noteId: string) => string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm<typeof SiteFormSchema, SiteFormValue>(SiteFormSchema, {
    id: 'site-form',
    defaultValue,
    lastResult,
    lookups: LOOKUPS,
  });
  const fetchDetails = useFetchDetails(form, lastResult?.fetchNotice, autoFetch);
  const others = sites.filter((s) => s.id !== cardId);
  return (
    <EditorForm
      form={form}
      {...frame}
      sticky
      beforeErrors={
        <SectionIndex
          sections={[
            { id: 'basic', label: t('editor.site.basic') },
            { id: 'urls', label: t('editor.site.urls') },
            { id: 'check', label: t('editor.site.check') },
            { id: 'related', label: t('editor.site.related') },
            { id: 'memo', label: t('editor.site.memo') },
          ]}
        />
      }
    >
      {form.status === 'error' ? (
        <ErrorSummary
          formId={form.id}
          errors={form.allErrors}
          sectionOf={(name) => t(`editor.site.${sectionOf(name)}`)}
        />
      ) : null}
      <SiteBasicSection
        fields={fields}
        tags={tags}
        cardId={cardId}
        fetchDetails={fetchDetails}
        ai={aiReady ? { notice: lastResult?.aiNotice } : undefined}
      />
      <SiteUrlsSection form={form} fields={fields} />
      <SiteCheckSection fields={fields} />
      <SiteRelatedSection form={form} fields={fields} sites={others} />
      <SiteMemoSection form={form} fields={fields} noteHref={noteHref} />
    </EditorForm>
  );
}
