import { type ShouldRevalidateFunction, useActionData, useLoaderData } from 'react-router';
import { SiteUpdateSchema } from '#server/cards/card.schema';
import { updateSiteCard } from '#server/cards/site-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { SiteForm } from '~/components/editor/site-form';
import { editorHref, selfPath } from '~/lib/editor-links';
import { SiteFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, orNotFound, requireCard, siteFormLookups } from '~/lib/editor.server';
import { siteDefaults, toSiteInput } from '~/lib/editor-values';
import { checkInput, readForm, submitForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { AI_ANALYZE_FIELD, analyzeIntoForm } from '~/lib/site-ai.server';
import { previewIntoForm } from '~/lib/site-preview.server';
import { onlyLooksUp } from '~/lib/site-preview';
import { aiConfigured } from '#server/ai/ai-config';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.sites.$cardId';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  onlyLooksUp(formData) ? false : defaultShouldRevalidate;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, params.cardId, 'site');
  return {
    ...(await siteFormLookups(actor)),
    aiReady: await aiConfigured(),
    cardId: card.id,
    defaultValue: siteDefaults(card),
    selfPath: selfPath(request),
    ...editorFrame(request, 'site', card),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const current = await requireCard(actor, params.cardId, 'site');
  const { locale } = requestInfo(context);
  if (onlyLooksUp(formData)) return previewIntoForm(actor, formData);
  if (formData.has(AI_ANALYZE_FIELD)) return analyzeIntoForm(actor, formData, locale, current.id);
  return submitForm(formData, { schema: SiteFormSchema, locale }, async (value) => {
    const input = checkInput(SiteUpdateSchema, { id: current.id, ...toSiteInput(value, current.siteTodos) });
    const card = await orNotFound(updateSiteCard(actor, input, 'first'));
    return backWithToast(request, formData, 'editor.saved', card.name);
  });
}

export default function EditSitePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...data.page}>
      <SiteForm
        {...data.form}
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        tags={data.tags}
        sites={data.sites}
        cardId={data.cardId}
        aiReady={data.aiReady}
        noteHref={(id) => editorHref.note(id, data.selfPath)}
      />
    </EditorPage>
  );
}
