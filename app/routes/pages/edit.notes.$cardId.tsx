import { useActionData, useLoaderData } from 'react-router';
import { NoteUpdateSchema } from '#server/cards/card.schema';
import { updateNoteCard } from '#server/cards/note-card.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { NoteFiles } from '~/components/editor/note-files';
import { NoteForm } from '~/components/editor/note-form';
import { NoteFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, orNotFound, requireCard } from '~/lib/editor.server';
import { listSiteChoices } from '#server/cards/site-card.service';
import { noteDefaults, toNoteInput } from '~/lib/editor-values';
import { checkInput, isMultipart, readForm, submitForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import { attachmentAction, noteUploadAction, type NoteFilesFailure } from '~/lib/note-files.server';
import { requestInfo } from '~/lib/request-context.server';
import { listAttachments } from '#server/assets/upload.service';
import type { Route } from './+types/edit.notes.$cardId';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, params.cardId, 'note');
  return {
    id: card.id,
    defaultValue: noteDefaults(card),
    sites: await listSiteChoices(actor),
    attachments: (await listAttachments(actor, card.id)).items,
    ...editorFrame(request, 'note', card),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const { locale } = requestInfo(context);
  const card = await requireCard(actor, params.cardId, 'note');
  if (isMultipart(request)) {
    return noteUploadAction(request, actor, locale, { id: card.id, content: noteDefaults(card).content });
  }
  const formData = await readForm(request);
  const files = await attachmentAction(request, actor, locale, formData);
  if (files) return files;
  return submitForm(formData, { schema: NoteFormSchema, locale }, async (value, submission) => {
    if (formData.get('intent') === 'preview') return submission.reply();
    const input = checkInput(NoteUpdateSchema, { id: card.id, ...toNoteInput(value) });
    const { item } = await orNotFound(updateNoteCard(actor, input));
    return backWithToast(request, formData, 'editor.saved', item.title);
  });
}

export default function EditNotePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const filesFailure = isFilesFailure(result) ? result : null;
  const lastResult = filesFailure ? undefined : (result as Exclude<typeof result, NoteFilesFailure>);
  return (
    <EditorPage {...data.page}>
      <NoteForm {...data.form} defaultValue={data.defaultValue} lastResult={lastResult} sites={data.sites} />
      <NoteFiles attachments={data.attachments} noteId={data.id} error={filesFailure?.error} />
    </EditorPage>
  );
}

function isFilesFailure(value: unknown): value is NoteFilesFailure {
  return (value as NoteFilesFailure | undefined)?.intent === 'note-files';
}
