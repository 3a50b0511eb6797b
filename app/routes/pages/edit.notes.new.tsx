import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { NoteCreateSchema } from '#server/cards/card.schema';
import { createNoteCard } from '#server/cards/note-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { NoteForm } from '~/components/editor/note-form';
import { NoteFormSchema } from '~/lib/editor-schemas';
import { pageTitle, replyToForm, returnToOf, saveAndReturn } from '~/lib/editor.server';
import { listSiteChoices } from '#server/cards/site-card.service';
import { noteDefaults, toNoteInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.notes.new';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  return {
    sites: await listSiteChoices(actor),
    returnTo: returnToOf(request),
    title: pageTitle(context, 'editor.note.newTitle'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: NoteFormSchema });
  // Preview (without JavaScript): the page is drawn again from what was typed; nothing is saved.
  if (submission.status !== 'success' || formData.get('intent') === 'preview') return replyToForm(submission);
  return saveAndReturn(request, formData, submission, {
    schema: NoteCreateSchema,
    input: toNoteInput(submission.value),
    save: async (value) => (await createNoteCard(actor, value)).item.title,
    toast: 'editor.created',
  });
}

export default function NewNotePage() {
  const { t } = useTranslation();
  const { sites, returnTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage kind={t('editor.kinds.note')} title={t('editor.note.newTitle')} returnTo={returnTo}>
      <NoteForm
        defaultValue={noteDefaults(null)}
        lastResult={lastResult}
        sites={sites}
        returnTo={returnTo}
        submitLabel={t('editor.create')}
      />
    </EditorPage>
  );
}
