import { useId, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { NoteAttachmentDto } from '#server/assets/asset.dto';
import { insertIntoTextarea, noteMarkdown } from '~/lib/upload-client';
import { CsrfInput } from '../csrf-input';
import { EditorSection } from './editor-shell';
import { Field } from '~/components/ui/field';
import { PostButton, PostForm } from '~/components/ui/post-form';
import { formatBytes, UploadSubmit, useUpload } from '~/components/ui/upload';

const MB = 1024 * 1024;
const LIMITS = { image: 5 * MB, file: 10 * MB, attachment: 100 * MB } as const;
type Kind = keyof typeof LIMITS;

/**
 * Pictures, files and attachments of a note. One multipart form adds any of them without JavaScript (a picture or
 * file is then appended to the saved text); with JavaScript the same form uploads through the API with a progress
 * bar and puts a picture or file at the editor's cursor (saved with the note), or lists the attachment. Each
 * attachment has a download link and rename and delete forms.
 *
 * A new note (`noteId` null) has no saved text to add to: with JavaScript the form works the same, and attachments
 * wait as fields of the note's form (`attachmentId`) that its creation claims; without JavaScript the section offers
 * "Save and add files", which creates the note and opens it here.
 */
export function NoteFiles({
  attachments,
  noteId,
  error,
}: {
  attachments: NoteAttachmentDto[];
  noteId: string | null;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const upload = useUpload();
  const id = useId();
  const [kind, setKind] = useState<Kind>('image');
  const [pending, setPending] = useState<NoteAttachmentDto[]>([]);
  const hydrated = useHydrated();

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) return;
    e.preventDefault();
    const body = new FormData();
    if (kind === 'attachment' && noteId) body.append('noteId', noteId);
    body.append('file', file);
    const url =
      kind === 'image'
        ? '/api/note-cards/upload-image'
        : kind === 'file'
          ? '/api/note-cards/upload-file'
          : '/api/note-cards/attachment';
    upload.send<{ url: string; item?: NoteAttachmentDto }>(url, body, file, LIMITS[kind], (res) => {
      input!.value = '';
      if (kind === 'attachment') {
        if (noteId) void revalidator.revalidate();
        else if (res.item) setPending((list) => [...list, res.item!]);
        return;
      }
      const textarea = document.querySelector<HTMLTextAreaElement>('#note-form textarea[name="content"]');
      if (textarea) insertIntoTextarea(textarea, noteMarkdown(kind, file.name, res.url));
      textarea?.focus();
    });
  };

  const shownError = upload.error ?? error;
  if (!noteId && !hydrated) {
    return (
      <EditorSection id="note-files" title={t('files.title')} description={t('files.intro')}>
        <p className="field-hint">{t('files.newNoteNoJs')}</p>
        <div className="row">
          <button type="submit" form="note-form" name="intent" value="files" className="button">
            {t('files.saveAndAdd')}
          </button>
        </div>
      </EditorSection>
    );
  }
  return (
    <EditorSection id="note-files" title={t('files.title')} description={t('files.intro')}>
      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="note-upload"
        aria-describedby={`${id}-file-hint`}
      >
        <CsrfInput />
        <fieldset className="note-upload-kinds">
          <legend>{t('files.kind')}</legend>
          {(['image', 'file', 'attachment'] as const).map((k) => (
            <label key={k} className="check">
              <input type="radio" name="intent" value={k} checked={kind === k} onChange={() => setKind(k)} />
              <span>{t(`files.kinds.${k}`)}</span>
            </label>
          ))}
        </fieldset>
        <Field
          id={`${id}-file`}
          label={t('files.choose')}
          type="file"
          name="file"
          required
          accept={kind === 'image' ? 'image/*' : undefined}
          hint={noteId ? `${t('files.noJsHint')} ${t('files.pasteHint')}` : t('files.pasteHint')}
          errors={shownError ? [shownError] : undefined}
        />
        <UploadSubmit progress={upload.progress} label={t('files.choose')} submit={t('files.upload')} />
      </form>
      <h3 className="note-attachments-title">{t('files.attachments')}</h3>
      {!noteId ? (
        pending.length ? (
          <ul className="note-attachments">
            {pending.map((a) => (
              <li key={a.id}>
                {/* Claimed by the note when it is created (a field of the note's form). */}
                <input type="hidden" name="attachmentId" value={a.id} form="note-form" />
                <span>{a.filename}</span>
                <span className="muted">{formatBytes(a.size)}</span>
                <span className="muted">{t('files.attachedOnSave')}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="editor-empty">{t('files.noAttachments')}</p>
        )
      ) : attachments.length ? (
        <ul className="note-attachments">
          {attachments.map((a) => (
            <li key={a.id}>
              <a href={a.url} download={a.filename} aria-label={t('files.download', { name: a.filename })}>
                {a.filename}
              </a>
              <span className="muted">{formatBytes(a.size)}</span>
              <PostForm
                className="note-attachment-rename"
                preventScrollReset
                intent="attachment-rename"
                values={{ id: a.id }}
              >
                <input
                  name="filename"
                  defaultValue={a.filename}
                  maxLength={255}
                  required
                  aria-label={t('files.newName', { name: a.filename })}
                />
                <button type="submit" className="button button-small">
                  {t('files.rename')}
                </button>
              </PostForm>
              <PostButton
                className=""
                tone="button-danger"
                preventScrollReset
                intent="attachment-delete"
                values={{ id: a.id }}
                label={t('files.deleteLabel', { name: a.filename })}
              >
                {t('files.delete')}
              </PostButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="editor-empty">{t('files.noAttachments')}</p>
      )}
    </EditorSection>
  );
}
