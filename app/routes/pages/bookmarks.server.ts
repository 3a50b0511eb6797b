// The /bookmarks page's two posts: the upload (multipart) becomes a preview; the confirmation (a form) imports.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { importSiteCards } from '#server/bookmarks/bookmark-import.service';
import {
  BOOKMARK_FILE_MAX_BYTES,
  dropPreviewRows,
  keepPreviewRows,
  keptPreviewRows,
  previewBookmarks,
  previewBookmarksWithAi,
} from '#server/bookmarks/bookmark-preview.service';
import {
  PREVIEW_SHOWN,
  chosenItems,
  importedCardsHref,
  type PreviewRow,
} from '#server/bookmarks/bookmark.schema';
import { readBookmarkText } from '#server/bookmarks/bookmark-text';
import { badRequest, isAppError } from '#server/errors';
import { redirectWithFlash } from '~/lib/flash.server';
import { pageErrorMessage, readForm, readFormUpload } from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';

type Ctx = { request: Request; actor: Actor; locale: Locale };

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
    // The rows wait in storage; the page lists the first ones and carries their token (20,000 rows rendered and
    // encoded for the browser twice over had held the event loop ~0.8 s, and as one JSON text in the page ~0.3 s).
    const { rows, ...rest } = preview;
    return {
      preview: {
        ...rest,
        count: rows.length,
        listed: rows.slice(0, PREVIEW_SHOWN),
        token: await keepPreviewRows(actor, rows),
      },
    };
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: pageErrorMessage(err, locale) }, { status: err.status });
  }
}

async function confirm({ request, actor, locale }: Ctx) {
  const form = await readForm(request);
  const token = String(form.get('token') ?? '');
  let rows: PreviewRow[];
  try {
    rows = await keptPreviewRows(actor, token);
  } catch (err) {
    if (isAppError(err)) return data({ error: pageErrorMessage(err, locale) }, { status: err.status });
    throw err;
  }
  const choice = {
    keep: form.getAll('keep').map(Number),
    ...(form.has('shown') ? { shown: Number(form.get('shown')) || 0 } : {}),
    folderTags: form.get('folderTags') === 'on',
    folderPath: form.get('folderPath') === 'on',
    tagId: String(form.get('tagId') ?? '') || undefined,
    newTag: String(form.get('newTag') ?? ''),
  };
  const items = chosenItems(rows, choice);
  try {
    if (!items.length) throw badRequest('Pick at least one bookmark');
    const r = await importSiteCards(actor, { items, importMode: 'incremental', allowDuplicates: true });
    await dropPreviewRows(actor, token);
    return redirectWithFlash(request, '/bookmarks', {
      kind: 'success',
      key: 'bookmarks.done',
      // The rows left unticked (duplicates, or by choice) count as skipped, as the server's own skips do.
      values: { count: r.created, skipped: r.skipped + r.invalid + (rows.length - items.length) },
      link: { href: importedCardsHref(choice, r.namedTags), key: 'bookmarks.showImported' },
      ...(r.snapshotId ? { restore: r.snapshotId } : {}),
    });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: pageErrorMessage(err, locale) }, { status: err.status });
  }
}

export function bookmarksAction(ctx: Ctx) {
  const multipart = /^multipart\/form-data/i.test(ctx.request.headers.get('content-type') ?? '');
  return multipart ? upload(ctx) : confirm(ctx);
}
