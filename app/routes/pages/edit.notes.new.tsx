import { useActionData, useLoaderData } from 'react-router';
import { NoteCreateSchema } from '#server/cards/card.schema';
import { createNoteCard } from '#server/cards/note-card.service';
import { attachUploads } from '#server/assets/upload.service';
import { NoteFiles } from '~/components/editor/note-files';
import { safeReturnTo } from '~/lib/preferences';
import { EditorPage } from '~/components/editor/editor-shell';
import { NoteForm } from '~/components/editor/note-form';
import { NoteFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame } from '~/lib/editor.server';
import { listSiteChoices } from '#server/cards/site-card.service';
import { noteDefaults, toNoteInput } from '~/lib/editor-values';
import { checkInput, readForm, submitForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.notes.new';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { sites: await listSiteChoices(signedInUser(context)), ...editorFrame(request, 'note') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  return submitForm(formData, { schema: NoteFormSchema, locale }, async (value, submission) => {
    // Preview (without JavaScript): the page is drawn again from what was typed; nothing is saved.
    if (formData.get('intent') === 'preview') return submission.reply();
    const { item } = await createNoteCard(actor, checkInput(NoteCreateSchema, toNoteInput(value)), 'first');
    const uploads = formData.getAll('attachmentId').map(String);
    if (uploads.length) await attachUploads(actor, item.id, uploads);
    // "Save and add files" (without JavaScript): on to the saved note's files, then back where the editor was
    // opened from.
    if (formData.get('intent') === 'files') formData.set('returnTo', filesOf(item.id, formData));
    return backWithToast(request, formData, 'editor.created', item.title);
  });
}

function filesOf(id: string, formData: FormData) {
  const back = safeReturnTo(formData.get('returnTo'), '/');
  return `/edit/notes/${encodeURIComponent(id)}?returnTo=${encodeURIComponent(back)}#note-files`;
}

export default function NewNotePage() {
  const { sites, page, form } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...page}>
      <NoteForm {...form} defaultValue={noteDefaults(null)} lastResult={lastResult} sites={sites} />
      <NoteFiles attachments={[]} noteId={null} />
    </EditorPage>
  );
}
