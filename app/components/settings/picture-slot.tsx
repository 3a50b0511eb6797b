import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import { useRootData } from '~/lib/root-data';
import { uploadWithProgress } from '~/lib/upload-client';
import { useErrorText } from '~/lib/use-error-text';
import { CsrfInput } from '../csrf-input';
import { PostForm } from '~/components/ui/post-form';

export interface PictureSlotProps {
  /** Page the forms post to (its action sets the picture). */
  action: string;
  label: string;
  hint: string;
  /** Stored picture, if any, and whether it is a video. */
  current: { url: string; video: boolean } | null;
  /** Upload kind for POST /api/assets/wallpaper (wallpaper, logo, favicon). */
  kind: string;
  accept: string;
  /** Hidden fields naming the slot (slot, theme); they precede the file so the server knows them first. */
  fields: Record<string, string>;
  error?: string;
  /** Largest file the kind accepts, to refuse before sending. */
  maxBytes: number;
}

/**
 * One picture setting: the stored picture, an upload form and a remove button. Without JavaScript the form posts
 * the file to the page (multipart). With it, the chosen file is previewed, sent to POST /api/assets/wallpaper with
 * a progress bar, and the page's action is then asked to use the stored picture (`intent=picture-set`).
 */
export function PictureSlot(p: PictureSlotProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const root = useRootData();
  const submit = useSubmit();
  const id = useId();
  const [preview, setPreview] = useState<{ url: string; video: boolean; base: string | null } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  // A chosen file is previewed until the page shows another stored picture (the one just uploaded).
  const currentUrl = p.current?.url ?? null;
  const livePreview = preview && preview.base === currentUrl ? preview : null;

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setClientError(null);
    setPreview(
      file
        ? { url: URL.createObjectURL(file), video: file.type.startsWith('video/'), base: currentUrl }
        : null,
    );
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const file = fileRef.current?.files?.[0];
    if (!file) return; // the browser's `required` says so
    e.preventDefault();
    if (file.size > p.maxBytes) {
      setClientError(t('settings.errors.fileTooLarge', { size: `${Math.round(p.maxBytes / 1048576)} MB` }));
      return;
    }
    const body = new FormData();
    body.append('kind', p.kind);
    body.append('file', file);
    setProgress(0);
    uploadWithProgress<{ id: string }>(
      `/api/assets/wallpaper?kind=${encodeURIComponent(p.kind)}`,
      body,
      root?.csrfToken ?? '',
      setProgress,
    ).then(
      (res) => {
        setProgress(null);
        if (fileRef.current) fileRef.current.value = '';
        void submit(
          { csrf: root?.csrfToken ?? '', intent: 'picture-set', assetId: res.id, ...p.fields },
          { method: 'post', action: p.action, preventScrollReset: true },
        );
      },
      (err: Error) => {
        setProgress(null);
        setClientError(err.message || t('settings.errors.network'));
      },
    );
  };

  const shown = livePreview ?? p.current;
  const error = clientError ?? (p.error ? errorText(p.error) : null);
  return (
    <div className="picture-slot">
      <div className={`picture-preview${shown ? '' : ' is-empty'}`} aria-hidden={shown ? undefined : true}>
        {shown?.video ? (
          <video src={shown.url} muted loop autoPlay playsInline aria-label={p.label} />
        ) : shown ? (
          <img
            src={shown.url}
            alt={`${p.label} – ${livePreview ? t('settings.appearance.preview') : ''}`.trim()}
          />
        ) : (
          <span>{t('settings.appearance.none')}</span>
        )}
      </div>
      <div className="stack picture-forms">
        <form
          method="post"
          action={p.action}
          encType="multipart/form-data"
          onSubmit={onSubmit}
          className="picture-upload"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          {Object.entries(p.fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <div className="field">
            <label htmlFor={`${id}-file`}>{p.label}</label>
            <input
              id={`${id}-file`}
              ref={fileRef}
              type="file"
              name="file"
              required
              accept={p.accept}
              onChange={onChoose}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              aria-invalid={error ? true : undefined}
            />
            <p className="field-hint" id={`${id}-hint`}>
              {p.hint}
            </p>
            {error ? (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          {progress !== null ? (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label={p.label} />
              <span>{t('settings.appearance.uploading', { percent: progress })}</span>
            </div>
          ) : null}
          <div className="row">
            <button type="submit" className="button button-small" disabled={progress !== null}>
              {t('settings.appearance.upload')}
            </button>
          </div>
        </form>
        {p.current ? (
          <PostForm action={p.action} preventScrollReset intent="picture-remove">
            {Object.entries(p.fields).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <button type="submit" className="link-button small">
              {t('settings.appearance.remove')}
            </button>
          </PostForm>
        ) : null}
      </div>
    </div>
  );
}
