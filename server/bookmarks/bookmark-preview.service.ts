// The preview of a bookmark file: what would be imported, with duplicates marked, before anything is written.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { aiImportBookmarks } from '../ai/ai-import.service';
import { AI_IMPORT_PROMPT_CHARS } from '../ai/ai.schema';
import { AppError, badRequest } from '../errors';
import { getSpace } from '../spaces/space.cache';
import { deleteObjects, getObject, putObject, storageKeys } from '../storage';
import { listTags } from '../tags/tag.service';
import { siteKeys } from './bookmark-import.service';
import { parseBookmarks, textStart, type BookmarkText } from './bookmark-parse';
import { BATCH_MAX_ITEMS, chosenItems, type ImportPreviewQuery, type PreviewRow } from './bookmark.schema';
import { urlKey } from './url-key';

/** The largest bookmark file the preview reads. */
export const BOOKMARK_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Icons the preview carries through the page (larger inline pictures are left out to keep the page small). */
const PAGE_ICON_MAX = 300;

export interface BookmarkPreview {
  format: string;
  rows: PreviewRow[];
  ignored: number;
  duplicates: number;
}

interface Found {
  name: string;
  url: string;
  /** Folder path, or for the AI's answer the tag names it chose (both become tags on import). */
  folders: string[];
  /** The bookmark's own tags (Firefox's TAGS attribute). */
  tags?: string[];
  description?: string;
  iconUrl?: string | null;
  addDate?: Date | null;
}

/**
 * Rows for the preview page, the caller's existing cards marked. A page found several times in the file (our own
 * export writes a card once per tag; browsers let a page sit in several folders) is one row, with the folders and
 * tags of every entry: one card that keeps all its tags, not copies unticked as repeats.
 */
async function markRows(actor: Actor, found: Found[]): Promise<{ rows: PreviewRow[]; duplicates: number }> {
  const existing = siteKeys(await getSpace(actor.userId));
  const byKey = new Map<string, PreviewRow>();
  const rows: PreviewRow[] = [];
  let duplicates = 0;
  for (const b of found) {
    const key = urlKey(b.url);
    const first = byKey.get(key);
    if (first) {
      if (b.folders.length) (first.x ??= []).push(b.folders);
      if (b.tags?.length) first.t = [...new Set([...(first.t ?? []), ...b.tags])];
      continue;
    }
    const row: PreviewRow = { n: b.name, u: b.url, f: b.folders };
    if (b.tags?.length) row.t = b.tags;
    if (b.description) row.d = b.description;
    if (b.iconUrl && b.iconUrl.length <= PAGE_ICON_MAX) row.i = b.iconUrl;
    if (b.addDate) row.a = Math.floor(b.addDate.getTime() / 1000);
    if (existing.has(key)) {
      row.dup = 'existing';
      duplicates++;
    }
    byKey.set(key, row);
    rows.push(row);
  }
  return { rows, duplicates };
}

/**
 * Parses a bookmark file or another dashboard's configuration (its name's extension and first lines say which; a 400
 * for one nested too deeply or malformed) and marks the bookmarks the caller already has (or that repeat in the file).
 */
export async function previewBookmarks(
  actor: Actor,
  content: BookmarkText,
  filename = '',
): Promise<BookmarkPreview> {
  // No more than can be imported is kept: the rest of a huge file is only counted.
  const parsed = await parseBookmarks(content, { maxItems: BATCH_MAX_ITEMS, filename });
  if (!parsed.total) throw badRequest('No web links were found in this file');
  if (parsed.total > BATCH_MAX_ITEMS) {
    throw badRequest(
      `This file holds ${parsed.total} bookmarks; at most ${BATCH_MAX_ITEMS} can be imported at once. Split the file.`,
    );
  }
  const { rows, duplicates } = await markRows(actor, parsed.items);
  return { format: parsed.format, rows, ignored: parsed.ignored, duplicates };
}

/**
 * The preview for API clients: every row as an item `POST /api/site-cards/batch` takes (the tags the page's choices
 * would give), with `duplicate` marking the pages the caller already has.
 */
export async function previewBookmarkItems(
  actor: Actor,
  content: BookmarkText,
  filename: string,
  choice: ImportPreviewQuery,
) {
  const { format, rows, ignored, duplicates } = await previewBookmarks(actor, content, filename);
  const items = chosenItems(rows, { keep: rows.map((_, i) => i), ...choice });
  return {
    format,
    ignored,
    duplicates,
    items: items.map((item, i) => ({ ...item, duplicate: rows[i]!.dup === 'existing' })),
  };
}

/**
 * The same preview from the AI's reading of the file (any text format; the model sees its start and lists up to
 * 100 sites): the tags it matched or suggested take the place of folders.
 */
export async function previewBookmarksWithAi(
  actor: Actor,
  content: BookmarkText,
  filename: string,
): Promise<BookmarkPreview> {
  const { items } = await aiImportBookmarks(actor, {
    content: textStart(content, AI_IMPORT_PROMPT_CHARS),
    filename,
    draft: undefined,
  });
  if (!items.length) throw badRequest('No web links were found in this file');
  const tagNames = new Map((await listTags(actor)).map((t) => [t.id, t.name]));
  const found = items.map((i) => ({
    name: i.name,
    url: i.url,
    description: i.description,
    folders: [...i.matchedTagIds.map((id) => tagNames.get(id)!), ...i.recommendedTags],
  }));
  const { rows, duplicates } = await markRows(actor, found);
  return { format: 'ai', rows, ignored: 0, duplicates };
}

const TOKEN = /^[0-9a-f-]{36}$/;

/**
 * Keeps a preview for the confirmation and answers its token: the page carries the token and the rows it lists, not
 * every row (20,000 rows written into the page and into its data for hydration held the event loop ~0.3 s and made a
 * 5 MB page). The format and ignored count are kept with the rows, so a refused confirmation can show the preview
 * again. Any instance can finish it; one never confirmed is removed by the stray-object sweep.
 */
export async function keepPreview(actor: Actor, preview: BookmarkPreview): Promise<string> {
  const token = randomUUID();
  const { format, ignored, rows } = preview;
  await putObject(
    storageKeys.pendingPreview(actor.userId, token),
    Buffer.from(JSON.stringify({ format, ignored, rows })),
    { contentType: 'application/json' },
  );
  return token;
}

/** The preview kept by keepPreview (the caller's own only); `duplicates` counted again from its rows. */
export async function keptPreview(actor: Actor, token: string): Promise<BookmarkPreview> {
  if (!TOKEN.test(token)) throw badRequest('Upload the file again');
  const obj = await getObject(storageKeys.pendingPreview(actor.userId, token));
  if (!obj) throw new AppError('not_found', 'This preview is no longer there; upload the file again');
  const kept: unknown = JSON.parse(await new Response(obj.body).text());
  // A preview kept by an older version is its bare rows.
  const { format, ignored, rows } = (
    Array.isArray(kept) ? { rows: kept } : kept && typeof kept === 'object' ? kept : {}
  ) as { format?: unknown; ignored?: unknown; rows?: unknown };
  const valid = (Array.isArray(rows) ? rows : []).filter(
    (r): r is PreviewRow =>
      !!r && typeof r === 'object' && typeof r.n === 'string' && typeof r.u === 'string',
  );
  return {
    format: typeof format === 'string' ? format : 'netscape-html',
    ignored: typeof ignored === 'number' ? ignored : 0,
    duplicates: valid.filter((r) => r.dup).length,
    rows: valid,
  };
}

/** Removes a kept preview once it is imported. */
export async function dropPreview(actor: Actor, token: string): Promise<void> {
  if (TOKEN.test(token)) await deleteObjects([storageKeys.pendingPreview(actor.userId, token)]);
}
