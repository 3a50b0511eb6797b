import { useRef, useState } from 'react';
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import {
  BookmarkConfirmFormSchema,
  FOLDER_SEPARATOR,
  chosenItems,
  importedCardsHref,
  type BookmarkConfirmForm,
  type PreviewRow,
} from '#server/bookmarks/bookmark.schema';
import { inputProps, useZodForm } from '~/lib/conform';
import { useRootData } from '~/lib/root-data';
import { useHydrated } from '~/lib/use-hydrated';
import { FieldError, FormErrors, OptionList } from '~/components/ui/field';
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
  /** The form pipeline's reply to a refused confirmation (without JavaScript): its errors and what was posted. */
  lastResult?: SubmissionResult<string[]>;
}

/** What a refused confirmation had posted in a field, as a list (one ticked box is one value). */
const postedList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);

/**
 * The preview: every bookmark with a checkbox (duplicates unticked), the tag choice, and a confirm button, checked in
 * the browser by the schema the page's action parses. Without JavaScript the form posts to the page, which answers a
 * refusal with the form pipeline's reply (`lastResult`: the errors, and the choices as they were posted); with it the
 * same items go to the batch API in chunks, with a progress bar, and a refusal shows in the same places.
 */
export function PreviewForm({ token, count, listed, duplicates, ignored, tags, lastResult }: Props) {
  const { t } = useTranslation();
  const csrf = useRootData()?.csrfToken ?? '';
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{
    created: number;
    skipped: number;
    snapshotId: string | null;
    href: string;
  } | null>(null);
  // Refusals found by the script: nothing to import (beside the list), or the batch API's answer (the form's).
  const [error, setError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
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

  async function importChunks(value: BookmarkConfirmForm) {
    const choice = { ...value, shown };
    let every: PreviewRow[];
    try {
      every = await everyRow();
    } catch (err) {
      return setError(String((err as Error).message));
    }
    const items = chosenItems(every, choice);
    setPickError(items.length ? null : t('bookmarks.pickOne'));
    // The message is above the list, which may be long: its first box takes the focus, so it comes into view.
    if (!items.length) return list.current?.querySelector('input')?.focus();
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

  const [form, fields] = useZodForm(BookmarkConfirmFormSchema, {
    id: 'bookmark-confirm',
    lastResult,
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      // The value is the schema's output (conform types it as the form's input).
      if (submission?.status === 'success') void importChunks(submission.value as BookmarkConfirmForm);
    },
  });
  // After a refused post the boxes are as they were posted; before, every row but the repeats is ticked.
  const posted = lastResult ? new Set(postedList(fields.keep.initialValue)) : null;
  const postedTicked = (name: 'folderTags' | 'folderPath') =>
    lastResult ? fields[name].initialValue === 'on' : true;
  const keepErrors = [...(fields.keep.errors ?? []), ...(pickError ? [pickError] : [])];
  // Errors of the hidden fields (only a hand-made post has them) join the form's own.
  const formErrors = [
    ...(form.errors ?? []),
    ...(['token', 'shown', 'folderTags', 'folderPath'] as const).flatMap((n) => fields[n].errors ?? []),
    ...(error ? [error] : []),
  ];

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
    <PostForm {...getFormProps(form)} className="bookmark-preview" values={{ token }}>
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
          <input
            type="checkbox"
            name={fields.folderTags.name}
            defaultChecked={postedTicked('folderTags')}
            aria-describedby="folder-tags-hint"
          />
          <span>{t('bookmarks.folderTags')}</span>
        </label>
        <p className="field-hint" id="folder-tags-hint">
          {t('bookmarks.folderTagsHint', { example: ['Dev', 'Frontend'].join(FOLDER_SEPARATOR) })}
        </p>
        <label className="check">
          <input
            type="checkbox"
            name={fields.folderPath.name}
            defaultChecked={postedTicked('folderPath')}
            aria-describedby="folder-path-hint"
          />
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
            <label htmlFor={fields.tagId.id}>{t('bookmarks.addTag')}</label>
            <select
              id={fields.tagId.id}
              name={fields.tagId.name}
              key={fields.tagId.key}
              defaultValue={String(fields.tagId.initialValue ?? '')}
              aria-invalid={fields.tagId.errors ? true : undefined}
              aria-describedby={fields.tagId.errors ? fields.tagId.errorId : undefined}
            >
              <option value="">{t('bookmarks.noTag')}</option>
              <OptionList items={tags} />
            </select>
            <FieldError id={fields.tagId.errorId} errors={fields.tagId.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.newTag.id}>{t('bookmarks.newTag')}</label>
            <input {...inputProps(fields.newTag, { type: 'text' })} key={fields.newTag.key} maxLength={40} />
            <FieldError id={fields.newTag.errorId} errors={fields.newTag.errors} />
          </div>
        </div>
      </fieldset>
      <FieldError id={fields.keep.errorId} errors={keepErrors} />
      <div
        ref={list}
        className="bookmark-list"
        role="group"
        aria-label={t('bookmarks.listLabel')}
        aria-invalid={keepErrors.length ? true : undefined}
        aria-describedby={keepErrors.length ? fields.keep.errorId : undefined}
      >
        {rows.map((r, i) => (
          <label key={i} className={`bookmark-row${r.dup ? ' is-duplicate' : ''}`}>
            <input
              type="checkbox"
              name={fields.keep.name}
              value={i}
              defaultChecked={posted ? posted.has(String(i)) : !r.dup}
              onChange={() => setPickError(null)}
            />
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
      <FormErrors errors={formErrors} id={form.errorId} />
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
