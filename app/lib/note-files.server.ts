// The note editor's pictures, files and attachments as page posts: thin adapters around the upload services the
// /api/note-cards routes use. Without JavaScript a picture or file is added to the end of the note's saved text
// (the upload form cannot carry the unsaved text of the editor form); with JavaScript the editor uploads through
// the API and puts the Markdown at the cursor instead.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { KIND_RULES } from '#server/assets/file-rules';
import {
  deleteAttachment,
  renameAttachment,
  uploadAttachment,
  uploadNoteFile,
  uploadNoteImage,
} from '#server/assets/upload.service';
import { NoteUpdateSchema } from '#server/cards/card.schema';
import { updateNoteCard } from '#server/cards/note-card.service';
import { AppError, isAppError } from '#server/errors';
import type { Flash } from './flash';
import { redirectWithFlash } from './flash.server';
import { pageErrorMessage, readFormUpload } from './forms.server';
import type { Locale } from './i18n';
import { insertParagraph, noteMarkdown } from './upload-client';

export const NOTE_UPLOAD_INTENTS = ['image', 'file', 'attachment'] as const;
type UploadIntent = (typeof NOTE_UPLOAD_INTENTS)[number];

export interface NoteFilesFailure {
  intent: 'note-files';
  error: string;
}

async function back(request: Request, flash: Flash) {
  const url = new URL(request.url);
  return redirectWithFlash(request, `${url.pathname}${url.search}#note-files`, flash);
}

function failure(err: unknown, locale: Locale) {
  if (!isAppError(err)) throw err;
  const body: NoteFilesFailure = { intent: 'note-files', error: pageErrorMessage(err, locale) };
  return data(body, { status: err.status, headers: err.headers });
}

/** A multipart post of the note editor: `intent` (image, file, attachment) and the CSRF field precede the file. */
export async function noteUploadAction(
  request: Request,
  actor: Actor,
  locale: Locale,
  note: { id: string; content: string },
) {
  let intent: UploadIntent = 'attachment';
  let name = '';
  try {
    await readFormUpload(
      request,
      {
        maxBytes: KIND_RULES['note-attachment'].maxBytes,
        beforeFile: (fields) => {
          if (!(NOTE_UPLOAD_INTENTS as readonly string[]).includes(fields.intent ?? '')) {
            throw new AppError('validation_failed', 'Choose how to add the file');
          }
          intent = fields.intent as UploadIntent;
        },
      },
      async (file) => {
        name = file.filename ?? '';
        if (intent === 'attachment') {
          await uploadAttachment(actor, file, { noteId: note.id });
          return;
        }
        const stored =
          intent === 'image' ? await uploadNoteImage(actor, file) : await uploadNoteFile(actor, file);
        const content = insertParagraph(note.content, noteMarkdown(intent, name, stored.url), '').text;
        const parsed = NoteUpdateSchema.safeParse({ id: note.id, content });
        if (!parsed.success) throw new AppError('validation_failed', parsed.error.issues[0]!.message);
        await updateNoteCard(actor, parsed.data);
      },
    );
  } catch (err) {
    return failure(err, locale);
  }
  const key = intent === 'attachment' ? 'files.flash.attached' : 'files.flash.added';
  return back(request, { kind: 'success', key, values: { name: name || '—' } });
}

/** Rename or delete an attachment (URL-encoded posts); null for any other intent. */
export async function attachmentAction(request: Request, actor: Actor, locale: Locale, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  try {
    if (intent === 'attachment-rename') {
      const filename = String(form.get('filename') ?? '').trim();
      if (!filename || filename.length > 255) {
        throw new AppError('validation_failed', 'A name of 1 to 255 characters is required');
      }
      await renameAttachment(actor, id, filename);
      return back(request, { kind: 'success', key: 'files.flash.renamed' });
    }
    if (intent === 'attachment-delete') {
      await deleteAttachment(actor, id);
      return back(request, { kind: 'success', key: 'files.flash.deleted' });
    }
  } catch (err) {
    return failure(err, locale);
  }
  return null;
}
