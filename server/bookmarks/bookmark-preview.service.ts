// The preview of a bookmark file: what would be imported, with duplicates marked, before anything is written.
import type { Actor } from '../actor';
import { badRequest } from '../errors';
import { getSpace } from '../spaces/space.cache';
import { siteKeys } from './bookmark-import.service';
import { parseBookmarks } from './bookmark-parse';
import { BATCH_MAX_ITEMS, type PreviewRow } from './bookmark.schema';
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

/** Parses a bookmark file and marks the bookmarks the caller already has (or that repeat in the file). */
export async function previewBookmarks(actor: Actor, content: string): Promise<BookmarkPreview> {
  const parsed = parseBookmarks(content);
  if (!parsed.items.length) throw badRequest('No web links were found in this file');
  if (parsed.items.length > BATCH_MAX_ITEMS) {
    throw badRequest(
      `This file holds ${parsed.items.length} bookmarks; at most ${BATCH_MAX_ITEMS} can be imported at once. Split the file.`,
    );
  }
  const existing = siteKeys(await getSpace(actor.userId));
  const seen = new Set<string>();
  let duplicates = 0;
  const rows = parsed.items.map((b): PreviewRow => {
    const key = urlKey(b.url);
    const dup = existing.has(key) ? 'existing' : seen.has(key) ? 'file' : undefined;
    seen.add(key);
    if (dup) duplicates++;
    const row: PreviewRow = { n: b.name, u: b.url, f: b.folders };
    if (b.description) row.d = b.description;
    if (b.iconUrl && b.iconUrl.length <= PAGE_ICON_MAX) row.i = b.iconUrl;
    if (dup) row.dup = dup;
    return row;
  });
  return { format: parsed.format, rows, ignored: parsed.ignored, duplicates };
}
