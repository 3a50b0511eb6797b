import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { CsrfInput } from '~/components/csrf-input';
import { FormErrors } from '~/components/ui/field';
import { SiteFormSchema, type SiteFormValue } from '~/lib/editor-schemas';
import type { siteDefaults } from '~/lib/editor-values';
import { DefaultSubmit, SaveBar, SectionIndex } from './editor-shell';
import { ErrorSummary } from './error-summary';
import { SiteBasicSection } from './site-basic-section';
import { SiteCheckSection } from './site-check-section';
import type { SiteOption, TagOption } from './site-form-types';
import { SiteMemoSection } from './site-memo-section';
import { SiteRelatedSection } from './site-related-section';
import { SiteUrlsSection } from './site-urls-section';

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
  returnTo,
  deleteHref,
  noteHref,
  submitLabel,
}: {
  defaultValue: ReturnType<typeof siteDefaults>;
  lastResult: SubmissionResult<string[]> | undefined;
  tags: TagOption[];
  sites: SiteOption[];
  cardId?: string;
  returnTo: string;
  deleteHref?: string;
  noteHref: (noteId: string) => string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<SiteFormValue>({
    id: 'site-form',
    defaultValue,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const others = sites.filter((s) => s.id !== cardId);
  return (
    <Form method="post" {...getFormProps(form)} className="editor-form">
      <DefaultSubmit label={submitLabel} />
      <CsrfInput />
      <input type="hidden" name="returnTo" value={returnTo} />
      <SectionIndex
        sections={[
          { id: 'basic', label: t('editor.site.basic') },
          { id: 'urls', label: t('editor.site.urls') },
          { id: 'check', label: t('editor.site.check') },
          { id: 'related', label: t('editor.site.related') },
          { id: 'memo', label: t('editor.site.memo') },
        ]}
      />
      <FormErrors errors={form.errors} id={form.errorId} />
      {form.status === 'error' ? (
        <ErrorSummary
          formId={form.id}
          errors={form.allErrors}
          sectionOf={(name) => t(`editor.site.${sectionOf(name)}`)}
        />
      ) : null}
      <SiteBasicSection fields={fields} tags={tags} cardId={cardId} />
      <SiteUrlsSection form={form} fields={fields} />
      <SiteCheckSection fields={fields} />
      <SiteRelatedSection form={form} fields={fields} sites={others} />
      <SiteMemoSection form={form} fields={fields} noteHref={noteHref} />
      <SaveBar
        returnTo={returnTo}
        submitLabel={submitLabel}
        busy={navigation.state === 'submitting'}
        deleteHref={deleteHref}
        sticky
      />
    </Form>
  );
}
