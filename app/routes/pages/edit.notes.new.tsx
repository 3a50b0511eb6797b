import { parseWithZod } from '@conform-to/zod/v4';
import { useActionData, useLoaderData } from 'react-router';
import { NoteCreateSchema } from '#server/cards/card.schema';
import { createNoteCard } from '#server/cards/note-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { NoteForm } from '~/components/editor/note-form';
import { NoteFormSchema } from '~/lib/editor-schemas';
import { editorFrame, replyToForm, saveAndReturn } from '~/lib/editor.server';
import { listSiteChoices } from '#server/cards/site-card.service';
import { noteDefaults, toNoteInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.notes.new';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sites: await listSiteChoices(signedInUser(context)), ...editorFrame(request, context, 'note') };
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
  const { sites, page, form } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...page}>
      <NoteForm {...form} defaultValue={noteDefaults(null)} lastResult={lastResult} sites={sites} />
    </EditorPage>
  );
}
