// The /bookmarks page's two posts: the upload (multipart) becomes a preview; the confirmation (a form) imports.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { importSiteCards } from '#server/bookmarks/bookmark-import.service';
import {
  BOOKMARK_FILE_MAX_BYTES,
  dropPreview,
  keepPreview,
  keptPreview,
  previewBookmarks,
  previewBookmarksWithAi,
  type BookmarkPreview,
} from '#server/bookmarks/bookmark-preview.service';
import {
  BookmarkConfirmFormSchema,
  PREVIEW_SHOWN,
  chosenItems,
  importedCardsHref,
} from '#server/bookmarks/bookmark.schema';
import { readBookmarkText } from '#server/bookmarks/bookmark-text';
import { isAppError } from '#server/errors';
import { redirectWithFlash } from '~/lib/flash.server';
import { pageErrorMessage, readForm, readFormUpload, refuseForm, submitForm } from '~/lib/forms.server';
import { getI18n, type Locale } from '~/lib/i18n';

type Ctx = { request: Request; actor: Actor; locale: Locale };

/**
 * What the page shows of a preview: the first rows and how many there are, with the token naming them all. The rows
 * wait in storage (20,000 rows rendered and encoded for the browser twice over had held the event loop ~0.8 s, and as
 * one JSON text in the page ~0.3 s).
 */
function shownPreview(token: string, { rows, ...rest }: BookmarkPreview) {
  return { ...rest, count: rows.length, listed: rows.slice(0, PREVIEW_SHOWN), token };
}

/**
 * The upload stays off the form pipeline: its file is streamed and read before there is a value to parse, and the
 * page answers `{preview}` or `{error}`.
 */
async function upload({ request, actor, locale }: Ctx) {
  try {
    const { result: preview } = await readFormUpload(
      request,
      { maxBytes: BOOKMARK_FILE_MAX_BYTES },
      // `ai` (a checkbox before the file field): the AI reads the file instead of the parser.
      async (file, fields) => {
        const text = await readBookmarkText(file.stream);
        return fields.ai === 'on'
          ? previewBookmarksWithAi(actor, text, file.filename ?? '')
          : previewBookmarks(actor, text, file.filename ?? '');
      },
    );
    return { preview: shownPreview(await keepPreview(actor, preview), preview) };
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: pageErrorMessage(err, locale) }, { status: err.status });
  }
}

/**
 * The confirmation, on the form pipeline: the ticked rows are imported and the page redirects with the result and
 * Undo. A refusal comes back as the pipeline's reply beside the preview it refused, as it was ticked (a preview that
 * is gone cannot be shown again: the page then offers the upload with the error).
 */
async function confirm({ request, actor, locale }: Ctx) {
  const form = await readForm(request);
  const answer = await submitForm(form, { schema: BookmarkConfirmFormSchema, locale }, async (choice) => {
    const { rows } = await keptPreview(actor, choice.token);
    const items = chosenItems(rows, choice);
    if (!items.length) refuseForm({ fieldErrors: { keep: [getI18n(locale).t('bookmarks.pickOne')] } });
    const r = await importSiteCards(actor, { items, importMode: 'incremental', allowDuplicates: true });
    await dropPreview(actor, choice.token);
    return redirectWithFlash(request, '/bookmarks', {
      kind: 'success',
      key: 'bookmarks.done',
      // The rows left unticked (duplicates, or by choice) count as skipped, as the server's own skips do.
      values: { count: r.created, skipped: r.skipped + r.invalid + (rows.length - items.length) },
      link: { href: importedCardsHref(choice, r.namedTags), key: 'bookmarks.showImported' },
      ...(r.snapshotId ? { restore: r.snapshotId } : {}),
    });
  });
  if (answer instanceof Response) return answer;
  const token = String(form.get('token') ?? '');
  const preview = await keptPreview(actor, token).then(
    (kept) => shownPreview(token, kept),
    (err: unknown) => {
      if (isAppError(err)) return null;
      throw err;
    },
  );
  return data({ result: answer.data, preview }, answer.init ?? undefined);
}

export function bookmarksAction(ctx: Ctx) {
  const multipart = /^multipart\/form-data/i.test(ctx.request.headers.get('content-type') ?? '');
  return multipart ? upload(ctx) : confirm(ctx);
}
