import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { NoteAttachmentDto } from '#server/assets/upload.service';
import { useRootData } from '~/lib/root-data';
import { insertIntoTextarea, noteMarkdown, uploadWithProgress } from '~/lib/upload-client';
import { CsrfInput } from '../csrf-input';
import { EditorSection } from './editor-shell';
import { PostButton, PostForm } from '~/components/ui/post-form';

const MB = 1024 * 1024;
const LIMITS = { image: 5 * MB, file: 10 * MB, attachment: 100 * MB } as const;
type Kind = keyof typeof LIMITS;

function size(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  return n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;
}

/**
 * Pictures, files and attachments of a saved note. One multipart form adds any of them without JavaScript (a
 * picture or file is then appended to the saved text); with JavaScript the same form uploads through the API with a
 * progress bar and puts a picture or file at the editor's cursor (saved with the note), or lists the attachment.
 * Each attachment has a download link and rename and delete forms.
 */
export function NoteFiles({
  attachments,
  noteId,
  error,
}: {
  attachments: NoteAttachmentDto[];
  noteId: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const revalidator = useRevalidator();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>('image');

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const input = e.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) return;
    e.preventDefault();
    setClientError(null);
    if (file.size > LIMITS[kind]) {
      setClientError(t('settings.errors.fileTooLarge', { size: size(LIMITS[kind]) }));
      return;
    }
    const body = new FormData();
    if (kind === 'attachment') body.append('noteId', noteId);
    body.append('file', file);
    const url =
      kind === 'image'
        ? '/api/note-cards/upload-image'
        : kind === 'file'
          ? '/api/note-cards/upload-file'
          : '/api/note-cards/attachment';
    setProgress(0);
    uploadWithProgress<{ url: string }>(url, body, root?.csrfToken ?? '', setProgress).then(
      (res) => {
        setProgress(null);
        input!.value = '';
        if (kind === 'attachment') {
          void revalidator.revalidate();
          return;
        }
        const textarea = document.querySelector<HTMLTextAreaElement>('#note-form textarea[name="content"]');
        if (textarea) insertIntoTextarea(textarea, noteMarkdown(kind, file.name, res.url));
        textarea?.focus();
      },
      (err: Error) => {
        setProgress(null);
        setClientError(err.message || t('settings.errors.network'));
      },
    );
  };

  const shownError = clientError ?? error;
  return (
    <EditorSection id="note-files" title={t('files.title')} description={t('files.intro')}>
      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="note-upload"
        aria-describedby={`${id}-hint`}
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
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('files.choose')}</label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            required
            accept={kind === 'image' ? 'image/*' : undefined}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {t('files.noJsHint')} {t('files.pasteHint')}
          </p>
        </div>
        {shownError ? (
          <p className="field-error" role="alert">
            {shownError}
          </p>
        ) : null}
        {progress !== null ? (
          <div className="upload-progress">
            <progress max={100} value={progress} aria-label={t('files.choose')} />
            <span>{t('files.uploading', { percent: progress })}</span>
          </div>
        ) : null}
        <div className="row">
          <button type="submit" className="button button-small" disabled={progress !== null}>
            {t('files.upload')}
          </button>
        </div>
      </form>
      <h3 className="note-attachments-title">{t('files.attachments')}</h3>
      {attachments.length ? (
        <ul className="note-attachments">
          {attachments.map((a) => (
            <li key={a.id}>
              <a href={a.url} download={a.filename} aria-label={t('files.download', { name: a.filename })}>
                {a.filename}
              </a>
              <span className="muted">{size(a.size)}</span>
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
