import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import { useRootData } from '~/lib/root-data';
import { Field } from '~/components/ui/field';
import { PostForm } from '~/components/ui/post-form';
import { UploadSubmit, useUpload } from '~/components/ui/upload';

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
  const root = useRootData();
  const submit = useSubmit();
  const upload = useUpload();
  const [preview, setPreview] = useState<{ url: string; video: boolean; base: string | null } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  // A chosen file is previewed until the page shows another stored picture (the one just uploaded).
  const currentUrl = p.current?.url ?? null;
  const livePreview = preview && preview.base === currentUrl ? preview : null;

  const onChoose = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    upload.setError(null);
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
    const body = new FormData();
    body.append('kind', p.kind);
    body.append('file', file);
    const url = `/api/assets/wallpaper?kind=${encodeURIComponent(p.kind)}`;
    upload.send<{ id: string }>(url, body, file, p.maxBytes, (res) => {
      if (fileRef.current) fileRef.current.value = '';
      void submit(
        { csrf: root?.csrfToken ?? '', intent: 'picture-set', assetId: res.id, ...p.fields },
        { method: 'post', action: p.action, preventScrollReset: true },
      );
    });
  };

  const shown = livePreview ?? p.current;
  const error = upload.error ?? p.error;
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
        <PostForm
          action={p.action}
          encType="multipart/form-data"
          onSubmit={onSubmit}
          className="picture-upload"
          intent="upload"
          values={p.fields}
        >
          <Field
            label={p.label}
            ref={fileRef}
            type="file"
            name="file"
            required
            accept={p.accept}
            onChange={onChoose}
            hint={p.hint}
            errors={error ? [error] : undefined}
          />
          <UploadSubmit progress={upload.progress} label={p.label} submit={t('settings.appearance.upload')} />
        </PostForm>
        {p.current ? (
          <PostForm action={p.action} preventScrollReset intent="picture-remove" values={p.fields}>
            <button type="submit" className="link-button small">
              {t('settings.appearance.remove')}
            </button>
          </PostForm>
        ) : null}
      </div>
    </div>
  );
}
