import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { NoteUpdateSchema } from '#server/cards/card.schema';
import { updateNoteCard } from '#server/cards/note-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { NoteForm } from '~/components/editor/note-form';
import { editorHref } from '~/lib/editor-links';
import { NoteFormSchema } from '~/lib/editor-schemas';
import { pageTitle, replyToForm, requireCard, returnToOf, saveAndReturn } from '~/lib/editor.server';
import { listSiteChoices } from '#server/cards/site-card.service';
import { noteDefaults, toNoteInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.notes.$cardId';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, params.cardId, 'note');
  const returnTo = returnToOf(request);
  return {
    name: card.name,
    defaultValue: noteDefaults(card),
    sites: await listSiteChoices(actor),
    returnTo,
    deleteHref: editorHref.deleteCard(card.id, returnTo),
    title: pageTitle(context, 'editor.note.editTitle', { name: card.name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const card = await requireCard(actor, params.cardId, 'note');
  const submission = parseWithZod(formData, { schema: NoteFormSchema });
  if (submission.status !== 'success' || formData.get('intent') === 'preview') return replyToForm(submission);
  return saveAndReturn(request, formData, submission, {
    schema: NoteUpdateSchema,
    input: { id: card.id, ...toNoteInput(submission.value) },
    save: async (value) => (await updateNoteCard(actor, value)).item.title,
    toast: 'editor.saved',
  });
}

export default function EditNotePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage
      kind={t('editor.kinds.note')}
      title={t('editor.note.editTitle', { name: data.name })}
      returnTo={data.returnTo}
    >
      <NoteForm
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        sites={data.sites}
        returnTo={data.returnTo}
        deleteHref={data.deleteHref}
        submitLabel={t('editor.save')}
      />
    </EditorPage>
  );
}
