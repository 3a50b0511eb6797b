import { useTranslation } from 'react-i18next';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from 'react-router';
import { SiteCreateSchema } from '#server/cards/card.schema';
import { createSiteCard } from '#server/cards/site-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { SiteForm } from '~/components/editor/site-form';
import { editorHref } from '~/lib/editor-links';
import { SiteFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, siteFormLookups } from '~/lib/editor.server';
import { siteDefaults, toSiteInput } from '~/lib/editor-values';
import { checkInput, readForm, submitForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { AI_ANALYZE_FIELD, analyzeIntoForm } from '~/lib/site-ai.server';
import { previewIntoForm } from '~/lib/site-preview.server';
import { onlyLooksUp } from '~/lib/site-preview';
import { aiConfigured } from '#server/ai/ai-config';
import { signedInUser } from '~/lib/guards.server';
import { sitePrefill } from '#server/site-preview/site-prefill';
import type { Route } from './+types/edit.sites.new';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  onlyLooksUp(formData) ? false : defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const lookups = await siteFormLookups(actor);
  const params = new URL(request.url).searchParams;
  // `?tag=<tagId>`: the new card starts in that tag (the dashboard's "add a site to this tag").
  const tag = params.get('tag');
  const preselect = lookups.tags.some((t) => t.id === tag) ? tag : null;
  // `?url=&name=&description=` (the bookmarklet) or `?url=&name=&text=` (the share target): checked like any input.
  const prefill = sitePrefill(params);
  const given = Object.fromEntries(Object.entries(prefill ?? {}).filter(([, v]) => v));
  return {
    ...lookups,
    aiReady: await aiConfigured(),
    autoFetch: Boolean(prefill?.siteUrl),
    defaultValue: { ...siteDefaults(null, preselect), ...given },
    ...editorFrame(request, 'site'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  if (onlyLooksUp(formData)) return previewIntoForm(actor, formData);
  if (formData.has(AI_ANALYZE_FIELD)) return analyzeIntoForm(actor, formData, locale);
  return submitForm(formData, { schema: SiteFormSchema, locale }, async (value) => {
    const card = await createSiteCard(actor, checkInput(SiteCreateSchema, toSiteInput(value)), 'first');
    return backWithToast(request, formData, 'editor.created', card.name);
  });
}

export default function NewSitePage() {
  const { t } = useTranslation();
  const { tags, sites, defaultValue, aiReady, autoFetch, page, form } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...page} intro={t('editor.site.intro')}>
      <SiteForm
        {...form}
        defaultValue={defaultValue}
        lastResult={lastResult}
        tags={tags}
        sites={sites}
        aiReady={aiReady}
        autoFetch={autoFetch}
        noteHref={(id) => editorHref.note(id, '/')}
      />
    </EditorPage>
  );
}
