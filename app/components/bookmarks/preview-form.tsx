import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FOLDER_SEPARATOR,
  chosenItems,
  importedCardsHref,
  type PreviewRow,
} from '#server/bookmarks/bookmark.schema';
import { useRootData } from '~/lib/root-data';
import { useHydrated } from '~/lib/use-hydrated';
import { OptionList } from '~/components/ui/field';
import { PostForm } from '~/components/ui/post-form';
import { UndoForm } from '~/components/flash-toast';

/** Items per request when the page imports with JavaScript (so it can show progress). */
const CHUNK = 500;

interface Props {
  /** Names the rows kept on the server for the confirmation (posted back by the form; the script reads them by it). */
  token: string;
  /** How many rows there are. */
  count: number;
  /** The first rows, listed one by one (PREVIEW_SHOWN of them at most). */
  listed: PreviewRow[];
  duplicates: number;
  ignored: number;
  tags: { id: string; name: string }[];
}

/**
 * The preview: every bookmark with a checkbox (duplicates unticked), the tag choice, and a confirm button. Without
 * JavaScript the form posts to the page; with it the same items go to the batch API in chunks, with a progress bar.
 */
export function PreviewForm({ token, count, listed, duplicates, ignored, tags }: Props) {
  const { t } = useTranslation();
  const csrf = useRootData()?.csrfToken ?? '';
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{
    created: number;
    skipped: number;
    snapshotId: string | null;
    href: string;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The first rows are listed (the server renders no more); the script lists them all when asked.
  const [all, setAll] = useState<PreviewRow[] | null>(null);
  const rows = all ?? listed;
  const shown = rows.length;
  const hydrated = useHydrated();
  const unlisted = count - shown;
  /** Every row: the listed ones are all of them unless some are left unlisted, which the server keeps. */
  async function everyRow(): Promise<PreviewRow[]> {
    if (all) return all;
    if (!unlisted) return listed;
    const res = await fetch(`/bookmarks/rows/${encodeURIComponent(token)}`);
    const body = await res.json();
    if (!res.ok) throw new Error(String(body.error ?? res.status));
    setAll(body as PreviewRow[]);
    return body as PreviewRow[];
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const choice = {
      keep: form.getAll('keep').map(Number),
      shown,
      folderTags: form.get('folderTags') === 'on',
      folderPath: form.get('folderPath') === 'on',
      tagId: String(form.get('tagId') ?? '') || undefined,
      newTag: String(form.get('newTag') ?? ''),
    };
    let every: PreviewRow[];
    try {
      every = await everyRow();
    } catch (err) {
      return setError(String((err as Error).message));
    }
    const items = chosenItems(every, choice);
    if (!items.length) return setError(t('bookmarks.pickOne'));
    setError(null);
    // The first chunk's automatic snapshot undoes them all: later chunks name it instead of taking their own.
    // The rows left unticked (duplicates, or by choice) are skipped too.
    const sum = { created: 0, skipped: every.length - items.length, snapshotId: null as string | null };
    const namedTags: { id: string; name: string }[] = [];
    setProgress({ done: 0, total: items.length });
    for (let i = 0; i < items.length; i += CHUNK) {
      const res = await fetch('/api/site-cards/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({
          items: items.slice(i, i + CHUNK),
          importMode: 'incremental',
          allowDuplicates: true,
          ...(sum.snapshotId ? { snapshotId: sum.snapshotId } : {}),
        }),
      });
      const body = await res.json();
      if (!res.ok) {
        setProgress(null);
        return setError(String(body.error ?? res.status));
      }
      sum.created += body.created;
      sum.skipped += body.skipped + body.invalid;
      sum.snapshotId ??= body.snapshotId ?? null;
      namedTags.push(...(body.namedTags ?? []));
      setProgress({ done: Math.min(i + CHUNK, items.length), total: items.length });
    }
    setResult({ ...sum, href: importedCardsHref(choice, namedTags) });
  }

  if (result) {
    return (
      <div role="status" className="notice notice-success import-result">
        <span>
          {t('bookmarks.done', { count: result.created, skipped: result.skipped })}{' '}
          <a href={result.href} data-imported-link>
            {t('bookmarks.showImported')}
          </a>
        </span>
        {result.snapshotId ? (
          <UndoForm snapshot={result.snapshotId} returnTo="/bookmarks" csrfToken={csrf} />
        ) : null}
      </div>
    );
  }
  return (
    <PostForm onSubmit={submit} className="bookmark-preview" values={{ token }}>
      <p data-preview-summary>
        {[
          t('bookmarks.found', { count }),
          duplicates ? t('bookmarks.duplicates', { count: duplicates }) : null,
          ignored ? t('bookmarks.ignored', { count: ignored }) : null,
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <fieldset className="bookmark-tags">
        <legend>{t('bookmarks.tagsLegend')}</legend>
        <label className="check">
          <input type="checkbox" name="folderTags" defaultChecked aria-describedby="folder-tags-hint" />
          <span>{t('bookmarks.folderTags')}</span>
        </label>
        <p className="field-hint" id="folder-tags-hint">
          {t('bookmarks.folderTagsHint', { example: ['Dev', 'Frontend'].join(FOLDER_SEPARATOR) })}
        </p>
        <label className="check">
          <input type="checkbox" name="folderPath" defaultChecked aria-describedby="folder-path-hint" />
          <span>{t('dashboardImport.folderPath')}</span>
        </label>
        <p className="field-hint" id="folder-path-hint">
          {t('dashboardImport.folderPathHint', {
            path: ['Dev', 'Frontend'].join(FOLDER_SEPARATOR),
            name: 'Frontend',
          })}
        </p>
        <div className="bookmark-tag-fields">
          <div className="field">
            <label htmlFor="bookmark-tag">{t('bookmarks.addTag')}</label>
            <select id="bookmark-tag" name="tagId" defaultValue="">
              <option value="">{t('bookmarks.noTag')}</option>
              <OptionList items={tags} />
            </select>
          </div>
          <div className="field">
            <label htmlFor="bookmark-new-tag">{t('bookmarks.newTag')}</label>
            <input id="bookmark-new-tag" type="text" name="newTag" maxLength={40} />
          </div>
        </div>
      </fieldset>
      <div className="bookmark-list" role="group" aria-label={t('bookmarks.listLabel')}>
        {rows.map((r, i) => (
          <label key={i} className={`bookmark-row${r.dup ? ' is-duplicate' : ''}`}>
            <input type="checkbox" name="keep" value={i} defaultChecked={!r.dup} />
            <span className="bookmark-name">{r.n}</span>
            <span className="bookmark-url">{r.u}</span>
            {[r.f, ...(r.x ?? [])]
              .filter((path) => path.length)
              .map((path, k) => (
                <span key={k} className="badge">
                  {path.join(FOLDER_SEPARATOR)}
                </span>
              ))}
            {(r.t ?? []).map((tag) => (
              <span key={`#${tag}`} className="badge">
                #{tag}
              </span>
            ))}
            {r.dup ? <span className="badge badge-warn">{t(`bookmarks.dup.${r.dup}`)}</span> : null}
          </label>
        ))}
      </div>
      {unlisted ? (
        <p className="bookmark-unlisted" data-preview-unlisted>
          <input type="hidden" name="shown" value={shown} />
          {t('bookmarks.unlisted', {
            count: unlisted,
            dups: duplicates - rows.filter((r) => r.dup).length,
          })}{' '}
          {hydrated ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => void everyRow().catch((err: Error) => setError(err.message))}
            >
              {t('bookmarks.showAll', { count })}
            </button>
          ) : null}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {progress ? (
        <p role="status">
          <progress max={progress.total} value={progress.done} /> {t('bookmarks.progress', progress)}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={!!progress}>
        {t('bookmarks.confirm')}
      </button>
    </PostForm>
  );
}
