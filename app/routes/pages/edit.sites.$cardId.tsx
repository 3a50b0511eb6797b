import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { SiteUpdateSchema } from '#server/cards/card.schema';
import { updateSiteCard } from '#server/cards/site-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { SiteForm } from '~/components/editor/site-form';
import { editorHref, selfPath } from '~/lib/editor-links';
import { SiteFormSchema } from '~/lib/editor-schemas';
import {
  pageTitle,
  replyToForm,
  requireCard,
  returnToOf,
  siteFormLookups,
  saveAndReturn,
} from '~/lib/editor.server';
import { siteDefaults, toSiteInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { AI_ANALYZE_FIELD, analyzeIntoForm } from '~/lib/site-ai.server';
import { aiConfigured } from '#server/ai/ai-config';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.sites.$cardId';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, params.cardId, 'site');
  const returnTo = returnToOf(request);
  return {
    ...(await siteFormLookups(actor)),
    aiReady: await aiConfigured(),
    cardId: card.id,
    name: card.name,
    defaultValue: siteDefaults(card),
    returnTo,
    selfPath: selfPath(request),
    deleteHref: editorHref.deleteCard(card.id, returnTo),
    title: pageTitle(context, 'editor.site.editTitle', { name: card.name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const current = await requireCard(actor, params.cardId, 'site');
  if (formData.has(AI_ANALYZE_FIELD)) {
    return analyzeIntoForm(actor, formData, requestInfo(context).locale, current.id);
  }
  const submission = parseWithZod(formData, { schema: SiteFormSchema });
  if (submission.status !== 'success') return replyToForm(submission);
  const mapped = toSiteInput(submission.value, current.siteTodos);
  return saveAndReturn(request, formData, submission, {
    schema: SiteUpdateSchema,
    input: { id: current.id, ...mapped },
    save: async (value) => (await updateSiteCard(actor, value)).name,
    toast: 'editor.saved',
  });
}

export default function EditSitePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage
      kind={t('editor.kinds.site')}
      title={t('editor.site.editTitle', { name: data.name })}
      returnTo={data.returnTo}
    >
      <SiteForm
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        tags={data.tags}
        sites={data.sites}
        cardId={data.cardId}
        aiReady={data.aiReady}
        returnTo={data.returnTo}
        deleteHref={data.deleteHref}
        noteHref={(id) => editorHref.note(id, data.selfPath)}
        submitLabel={t('editor.save')}
      />
    </EditorPage>
  );
}
