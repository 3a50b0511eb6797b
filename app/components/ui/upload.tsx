import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '~/lib/root-data';
import { uploadWithProgress } from '~/lib/upload-client';
import { SubmitRow } from './post-form';

const MB = 1024 * 1024;

/** A size for people: `5 MB`, `120 KB`, `80 B`. */
export function formatBytes(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  return n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;
}

/**
 * An upload through the API with a progress bar (with JavaScript): `send` refuses a file over `maxBytes` before
 * sending it, then reports the progress and the failure, and hands the API's answer to `done`.
 */
export function useUpload() {
  const { t } = useTranslation();
  const root = useRootData();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = <T,>(url: string, body: FormData, file: File, maxBytes: number, done: (res: T) => void) => {
    setError(null);
    if (file.size > maxBytes) {
      setError(t('settings.errors.fileTooLarge', { size: formatBytes(maxBytes) }));
      return;
    }
    setProgress(0);
    uploadWithProgress<T>(url, body, root?.csrfToken ?? '', setProgress).then(
      (res) => {
        setProgress(null);
        done(res);
      },
      (err: Error) => {
        setProgress(null);
        setError(err.message || t('settings.errors.network'));
      },
    );
  };
  return { progress, error, setError, send };
}

/** The end of an upload form: the progress bar while a file is sent, then the submit button (off meanwhile). */
export function UploadSubmit({
  progress,
  label,
  submit,
}: {
  progress: number | null;
  label: string;
  submit: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {progress !== null ? (
        <div className="upload-progress">
          <progress max={100} value={progress} aria-label={label} />
          <span>{t('files.uploading', { percent: progress })}</span>
        </div>
      ) : null}
      <SubmitRow label={submit} tone="button-small" disabled={progress !== null} />
    </>
  );
}
