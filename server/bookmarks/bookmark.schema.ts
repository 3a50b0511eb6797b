// The batch import body (compat §7): both the server's field names and the older web UI's client names are accepted.
import { z } from 'zod';
import { formBoolean } from '../forms/fields.schema';

/** The most items one batch request may carry; more is refused (413), never cut short. */
export const BATCH_MAX_ITEMS = 20_000;
/** The body limit of the batch endpoint: room for BATCH_MAX_ITEMS bookmarks with inline icons. */
export const BATCH_BODY_LIMIT = 48 * 1024 * 1024;

export const ImportModeSchema = z.enum(['clean', 'incremental', 'overwrite'], {
  error: 'importMode must be clean, incremental or overwrite',
});
export type ImportMode = z.infer<typeof ImportModeSchema>;

export const BatchImportSchema = z.object({
  // Items are checked one by one by the service, so one bad bookmark is reported, not fatal to the rest.
  items: z
    .array(z.unknown(), { error: 'items must be a list of site cards' })
    .min(1, 'No site cards to import'),
  importMode: ImportModeSchema.default('incremental'),
  allowDuplicates: formBoolean.default(false),
  /** A later chunk of one import: the `snapshotId` the first chunk answered (no second snapshot is taken). */
  snapshotId: z.string().min(1).max(100).optional(),
});
export type BatchImport = z.infer<typeof BatchImportSchema>;

const IMPORT_DATE_ERROR = 'createdAt must be an ISO date or seconds since 1970';

/**
 * When an imported item was bookmarked, kept as its card's creation date: an ISO date, or seconds (milliseconds past
 * 10^11) since 1970, from 1990 to a day from now (the batch endpoint only; cards made any other way are dated by the server).
 */
export const ImportDateSchema = z
  .union([
    z.iso.datetime({ offset: true, error: IMPORT_DATE_ERROR }),
    z.number({ error: IMPORT_DATE_ERROR }).int(IMPORT_DATE_ERROR).positive(IMPORT_DATE_ERROR),
  ])
  .transform((v) => (typeof v === 'number' ? new Date(v > 1e11 ? v : v * 1000) : new Date(v)))
  .refine((d) => d.getTime() >= Date.UTC(1990, 0, 1) && d.getTime() <= Date.now() + 86_400_000, {
    error: 'createdAt must be between 1990 and now',
  })
  .optional();

/** New tag names of one item (created once per request, or matched to an existing tag by name). */
export const NewTagsSchema = z
  .array(z.string().trim().min(1).max(40, 'A tag name must be at most 40 characters'))
  .max(50)
  .default([]);

/** The older web UI's names of an item (`url`, `description`, `skipOnlineCheck`) mapped to the server's. */
export function withClientNames(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const o = { ...(raw as Record<string, unknown>) };
  if (o.siteUrl === undefined && o.url !== undefined) o.siteUrl = o.url;
  if (o.siteDescription === undefined && o.description !== undefined) o.siteDescription = o.description;
  if (o.siteSkipOnlineCheck === undefined && o.skipOnlineCheck !== undefined)
    o.siteSkipOnlineCheck = o.skipOnlineCheck;
  return o;
}

/** How an import file was read: a bookmark file's kind, or the dashboard whose configuration it is. */
export const BOOKMARK_FORMATS = [
  'netscape-html',
  'markdown',
  'url-list',
  'homepage',
  'dashy',
  'homarr',
] as const;
export type BookmarkFormat = (typeof BOOKMARK_FORMATS)[number];

/** The tag choices of `POST /api/site-cards/import-preview` (as the page's checkboxes, both on by default). */
export const ImportPreviewQuerySchema = z.object({
  folderTags: formBoolean.default(true),
  folderPath: formBoolean.default(true),
});
export type ImportPreviewQuery = z.infer<typeof ImportPreviewQuerySchema>;

/** One bookmark as the preview page carries it between upload and confirmation (short keys: 10,000 of them). */
export interface PreviewRow {
  /** name */
  n: string;
  /** url */
  u: string;
  /** folder path */
  f: string[];
  /** the folder paths of the same page's other entries in the file (merged into this row: one card, every folder) */
  x?: string[][];
  /** the bookmark's own tags (Firefox's TAGS attribute), tags whatever the folder choice */
  t?: string[];
  /** description */
  d?: string;
  /** icon address */
  i?: string;
  /** when it was bookmarked (the file's ADD_DATE), seconds since 1970 */
  a?: number;
  /** already a card (a page found several times in the file is one row, see `x`) */
  dup?: 'existing';
}

/**
 * The rows a preview page lists one by one: rendering 20,000 of them held the server's event loop for ~0.8 s, 1,000
 * still ~0.2 s (docs/decisions.md §57). The rest are imported unless they are repeats, and a script can list them all.
 */
export const PREVIEW_SHOWN = 500;

export interface PreviewChoice {
  /** Indexes of the listed rows to import. */
  keep: number[];
  /**
   * How many rows were listed (the first ones): rows past them are not in `keep`'s choice and are imported unless
   * they repeat a card (`dup`). Unset: every row was listed.
   */
  shown?: number;
  /** Folder names become tags. */
  folderTags: boolean;
  /** A nested folder's tag is named by its whole path ("Dev / Frontend"), else by the folder alone ("Frontend"). */
  folderPath?: boolean;
  /** An existing tag every imported card joins. */
  tagId?: string;
  /** A new tag every imported card joins. */
  newTag?: string;
}

/**
 * The preview page's confirmation (app/routes/pages/bookmarks.server.ts), on the form pipeline and checked in the
 * browser too. Whether anything is left to import is known only with the kept rows, so the action checks that.
 */
export const BookmarkConfirmFormSchema = z.object({
  /** Names the rows kept on the server since the upload. */
  token: z.string().trim().min(1).max(100),
  keep: z.array(z.coerce.number().int().min(0)).max(BATCH_MAX_ITEMS).default([]),
  shown: z.coerce.number().int().min(0).optional(),
  folderTags: formBoolean.default(false),
  folderPath: formBoolean.default(false),
  tagId: z.string().trim().max(80).optional(),
  newTag: z.string().trim().max(40, 'A tag name must be at most 40 characters').optional(),
});
export type BookmarkConfirmForm = z.infer<typeof BookmarkConfirmFormSchema>;

/** Between the folders of a path in a tag's name ("Dev / Frontend"). */
export const FOLDER_SEPARATOR = ' / ';
const TAG_NAME_MAX = 40;

/**
 * The one tag a bookmark's folder path becomes: the whole path ("Dev / Frontend"), so nested folders stay
 * recognisable in a flat tag list and two "Frontend" folders under different parents stay apart. A path too long
 * for a tag name keeps its innermost folders ("… / Frontend / React"). Without `keepPath`, the innermost folder's name.
 */
export function folderTagName(path: string[], keepPath = true): string | null {
  const all = path.map((p) => p.trim()).filter(Boolean);
  const parts = keepPath ? all : all.slice(-1);
  if (!parts.length) return null;
  let name = parts.join(FOLDER_SEPARATOR);
  while (name.length > TAG_NAME_MAX && parts.length > 1) {
    parts.shift();
    name = `…${FOLDER_SEPARATOR}${parts.join(FOLDER_SEPARATOR)}`;
  }
  return name.slice(0, TAG_NAME_MAX);
}

/** The batch items for the rows and tag choices of the preview (the page's action and its script share this). */
export function chosenItems(rows: PreviewRow[], choice: PreviewChoice) {
  const extra = choice.newTag?.trim() ? [choice.newTag.trim()] : [];
  const shown = Math.max(0, Math.min(choice.shown ?? rows.length, rows.length));
  const unlisted = rows.flatMap((r, i) => (i >= shown && !r.dup ? [i] : []));
  return [...new Set(choice.keep.filter((i) => i < shown)), ...unlisted]
    .filter((i) => rows[i])
    .map((i) => {
      const r = rows[i]!;
      return {
        name: r.n,
        siteUrl: r.u,
        siteDescription: r.d ?? '',
        ...(r.a ? { createdAt: new Date(r.a * 1000).toISOString() } : {}),
        iconUrl: r.i ?? null,
        tagIds: choice.tagId ? [choice.tagId] : [],
        newTags: [
          ...new Set([
            ...(choice.folderTags
              ? [r.f, ...(r.x ?? [])]
                  .map((path) => folderTagName(path, choice.folderPath !== false))
                  .filter((n) => n !== null)
              : []),
            ...(r.t ?? []),
            ...extra,
          ]),
        ],
      };
    });
}

/** Where the imported cards are seen together: the dashboard filtered to the tag they all joined, if there is one. */
export function importedCardsHref(
  choice: Pick<PreviewChoice, 'tagId' | 'newTag'>,
  namedTags: { id: string; name: string }[],
): string {
  const newTag = choice.newTag?.trim().toLowerCase();
  const tagId =
    choice.tagId || (newTag ? namedTags.find((t) => t.name.toLowerCase() === newTag)?.id : undefined);
  return tagId ? `/?tag=${encodeURIComponent(tagId)}` : '/';
}
