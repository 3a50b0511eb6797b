// One space's data.json read from an archive while it inflates, row by row (server/parsing/json-tables.ts): a first
// pass counts the rows against the account's quotas and checks the signature, keeping nothing; a second takes each
// row through the rules of the other write paths (row-read.ts). An archive holding more than an account may hold is
// refused at the first row past the limit, before the rest is inflated and before anything is planned: a 14.5 MB
// archive of 300,000 cards used to be parsed and planned in full first (7.6 s, /api/health stalled 5.6 s, +280 MB).
import { StringDecoder } from 'node:string_decoder';
import type { AssetKind } from '../assets/asset.model';
import type { CardDoc } from '../cards/card.model';
import { JsonTablesError, JsonTablesReader, type TableItem } from '../parsing/json-tables';
import { TimeSlicer } from '../parsing/time-slice';
import type { Quotas } from '../settings/settings.service';
import { cardBytes } from '../spaces/space.bytes';
import { quotaExceeded } from '../settings/quota';
import { dataSigner, digestMatches } from './archive-format';
import { MAX_IMPORTED_CHANNELS } from './channels';
import {
  appearanceFromRow,
  cardFromRow,
  linkFromRow,
  relationFromRow,
  rowId,
  RowError,
  tagFromRow,
  type ArchivedAppearance,
  type ArchivedCard,
  type ArchivedLink,
  type ArchivedRelation,
  type ArchivedTag,
} from './row-read';
import type { Row } from './rows';
import { refuse, type SafeZip, type ZipLimits } from './zip-read';

/** What an archive's file rows (our `assets` addition) say about a file. */
export interface ArchivedFile {
  kind: string | null;
  originalName: string | null;
  noteId: string | null;
}

/** One space as read from an archive, every row checked. */
export interface ArchivedSpace {
  tags: ArchivedTag[];
  cards: ArchivedCard[];
  links: ArchivedLink[];
  relations: ArchivedRelation[];
  /** Absent when the archive has no `appearances` key. */
  appearances?: ArchivedAppearance[];
  /** By the archive's file id. */
  files: Map<string, ArchivedFile>;
  /** The kind an older archive's file (which records none) is used as, from how the notes refer to it. */
  noteFileKinds: Map<string, AssetKind>;
  /** The first MAX_IMPORTED_CHANNELS channel rows; absent when the archive has no `notificationChannels` key. */
  channels?: Row[];
}

/** How many rows of each kind one space of an archive may hold. */
export interface ArchiveRowLimits {
  cards: number;
  tags: number;
  /** Bytes of cards as the quota counts them (server/spaces/space.bytes.ts). */
  bytes: number;
  links: number;
  relations: number;
  files: number;
}

/**
 * Tag links and related-site links an archive may hold per card it may hold. Four of each per card on average is
 * far above what people keep (one to three tags per card), and bounds what these rows cost in memory (~150 bytes
 * each) to what the cards themselves may.
 */
export const LINKS_PER_CARD = 4;
const APPEARANCE_ROWS_MAX = 10;
/**
 * The longest row: a site card with 500 todos of 500 characters, 50 alternate URLs of 2,000 and notes of 5,000 is
 * about 400,000 characters of JSON, a note of 50,000 characters escaped twice (it is JSON text in a JSON column)
 * at most 600,000.
 */
const ROW_MAX_CHARS = 4_000_000;

export function archiveRowLimits(quotas: Quotas, zip: ZipLimits): ArchiveRowLimits {
  return {
    cards: quotas.quotaCards,
    tags: quotas.quotaTags,
    bytes: quotas.quotaBytes,
    links: LINKS_PER_CARD * quotas.quotaCards,
    relations: LINKS_PER_CARD * quotas.quotaCards,
    files: zip.maxEntries,
  };
}

type Table = 'tags' | 'cards' | 'links' | 'relations' | 'appearances' | 'files' | 'channels';

/** The keys of data.json, the older service's names included. */
const TABLES: Record<string, Table> = {
  tags: 'tags',
  cards: 'cards',
  sites: 'cards',
  card_tags: 'links',
  site_tags: 'links',
  card_relations: 'relations',
  site_relations: 'relations',
  appearances: 'appearances',
  assets: 'files',
  notificationChannels: 'channels',
};

const NOTE_FILE_REF = /\/api\/note-cards\/(img|file|attach)\/(asset-[A-Za-z0-9-]+)/g;

class SpaceReader {
  readonly space: ArchivedSpace = {
    tags: [],
    cards: [],
    links: [],
    relations: [],
    files: new Map(),
    noteFileKinds: new Map(),
  };
  private bytes = 0;
  private readonly now = new Date();

  constructor(
    private readonly entry: string,
    private readonly limits: ArchiveRowLimits,
  ) {}

  /** Takes one row (or a table's non-array value, `index` -1: an empty table, as older importers read it). */
  add(key: string, index: number, value: unknown): void {
    const table = TABLES[key]!;
    if (table === 'appearances') this.space.appearances ??= [];
    if (table === 'channels') this.space.channels ??= [];
    if (index < 0) return;
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw this.invalid(key, index, null, new RowError('', 'A row must be an object'));
    const row = value as Row;
    try {
      this.take(table, row);
    } catch (err) {
      if (err instanceof RowError) throw this.invalid(key, index, rowId(row, 'id'), err);
      throw err;
    }
  }

  private take(table: Table, row: Row): void {
    const { space, limits } = this;
    switch (table) {
      case 'tags':
        space.tags.push(tagFromRow(row, this.now));
        return;
      case 'cards': {
        const archived = cardFromRow(row, this.now);
        this.bytes += cardBytes(archived.card);
        if (this.bytes > limits.bytes) throw overQuota(this.entry, 'bytes', limits.bytes);
        noteFileKinds(archived.card, space.noteFileKinds);
        space.cards.push(archived);
        return;
      }
      case 'links':
        space.links.push(linkFromRow(row));
        return;
      case 'relations':
        space.relations.push(relationFromRow(row, this.now));
        return;
      case 'appearances':
        space.appearances!.push(appearanceFromRow(row));
        return;
      case 'files': {
        const id = rowId(row, 'id');
        const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
        if (id && !space.files.has(id))
          space.files.set(id, {
            kind: text(row.kind, 40),
            originalName: text(row.original_name, 255),
            noteId: text(row.note_id, 200),
          });
        return;
      }
      case 'channels':
        // Checked with the channel form's schema when imported (docs/decisions.md §49); more are ignored.
        if (space.channels!.length < MAX_IMPORTED_CHANNELS) space.channels!.push(row);
        return;
    }
  }

  private invalid(table: string, index: number, id: string | null, err: RowError) {
    const where = `${table}[${index}]${id ? ` (id "${id.slice(0, 80)}")` : ''}`;
    const field = err.field ? `${err.field}: ` : '';
    return refuse('invalid_row', `${this.entry}: ${where}: ${field}${err.message}`, {
      entry: this.entry,
      table,
      row: index,
      id: id?.slice(0, 200) ?? null,
      field: err.field || null,
    });
  }
}

function overQuota(entry: string, quota: 'cards' | 'tags' | 'bytes', limit: number) {
  const what = quota === 'bytes' ? `more than ${limit} bytes of cards` : `more than ${limit} ${quota}`;
  const most = quota === 'bytes' ? `${limit} bytes` : `${limit}`;
  return quotaExceeded(
    quota,
    limit,
    { entry },
    `${entry} holds ${what}; an account may hold at most ${most}`,
  );
}

/** Counts the rows of each table as they are delimited (nothing parsed or kept), refusing at the first one too many. */
class RowCounter {
  private readonly counts = new Map<Table, number>();

  constructor(
    private readonly entry: string,
    private readonly limits: ArchiveRowLimits,
  ) {}

  add(key: string, index: number): void {
    const table = TABLES[key]!;
    if (index < 0 || table === 'channels') return;
    const n = (this.counts.get(table) ?? 0) + 1;
    this.counts.set(table, n);
    const { limits, entry } = this;
    if (table === 'cards' && n > limits.cards) throw overQuota(entry, 'cards', limits.cards);
    if (table === 'tags' && n > limits.tags) throw overQuota(entry, 'tags', limits.tags);
    const most =
      table === 'links'
        ? limits.links
        : table === 'relations'
          ? limits.relations
          : table === 'appearances'
            ? APPEARANCE_ROWS_MAX
            : table === 'files'
              ? limits.files
              : Infinity;
    if (n > most)
      throw refuse('too_many_rows', `${entry} holds more than ${most} rows of ${key}`, {
        entry,
        table: key,
        limit: most,
      });
  }
}

/** The files a note refers to by their older URLs, with the kind that URL implies. */
function noteFileKinds(card: CardDoc, into: Map<string, AssetKind>): void {
  const text = `${String(card.cardData?.content ?? '')}\n${card.siteNotes}`;
  if (!text.includes('/api/note-cards/')) return;
  for (const m of text.matchAll(NOTE_FILE_REF)) into.set(m[2]!, m[1] === 'img' ? 'note-image' : 'note-file');
}

/** Streams `entry` through a JsonTablesReader in 5 ms slices, each item to `onItem`; answers the entry's HMAC. */
async function scanEntry(
  zip: SafeZip,
  entry: string,
  parse: boolean,
  onItem: (item: TableItem) => void,
): Promise<Buffer> {
  const tables = new JsonTablesReader({
    keep: (key) => Object.hasOwn(TABLES, key),
    maxItemChars: ROW_MAX_CHARS,
    parse,
  });
  const signer = dataSigner();
  const decoder = new StringDecoder('utf8');
  const slicer = new TimeSlicer();
  const stream = await zip.stream(entry, zip.maxJsonBytes);
  const feed = async (text: string) => {
    for (const item of tables.feed(text)) {
      onItem(item);
      await slicer.maybeYield();
    }
  };
  try {
    for await (const chunk of stream) {
      signer.update(chunk as Buffer);
      await feed(decoder.write(chunk as Buffer));
      await slicer.maybeYield();
    }
    await feed(decoder.end());
    tables.end();
  } catch (err) {
    if (err instanceof JsonTablesError) throw refuse('bad_data', `${entry}: ${err.message}`);
    throw err;
  } finally {
    stream.destroy();
  }
  return signer.digest();
}

/**
 * Reads and checks one space's `entry` (e.g. `data.json`) in two passes over the inflating entry. First the rows are
 * only counted, against `limits`, and the signature is checked: an archive holding more than an account may hold is
 * refused at the first row past the limit having kept nothing. Then every row goes through the rules of the other
 * write paths (and card bytes are counted against their quota). Throws the 4xx of the first problem: more rows than
 * the account may hold (403 `quota_exceeded`, or 413 `too_many_rows`), text that is not a JSON object of tables
 * (400 `bad_data`), a signature that does not match (400 `bad_data_signature`), a row the rules refuse (400
 * `validation_failed`, `details` name the table, row and column).
 */
export async function readSpaceData(
  zip: SafeZip,
  entry: string,
  signature: unknown,
  limits: ArchiveRowLimits,
): Promise<ArchivedSpace> {
  if (!zip.has(entry)) throw refuse('missing_data', `The archive has no ${entry}`);
  const counter = new RowCounter(entry, limits);
  const digest = await scanEntry(zip, entry, false, (item) => counter.add(item.table, item.index));
  if (!digestMatches(digest, signature))
    throw refuse('bad_data_signature', `The signature of ${entry} is missing or does not match its content`);
  const reader = new SpaceReader(entry, limits);
  await scanEntry(zip, entry, true, (item) => reader.add(item.table, item.index, item.value));
  return reader.space;
}

/** A row of one space from a source other than data.json: its table (a data.json key) and the row. */
export type SpaceRow = [key: keyof typeof TABLES & string, row: unknown];

/**
 * Reads one space's rows from another source (the older service's SQLite database, server/portability/
 * instance-read.ts) by the same rules as readSpaceData: each row counted against `limits` and taken through the
 * rules of the other write paths, in 5 ms slices. `entry` names the source in refusals.
 */
export async function readSpaceRows(
  entry: string,
  limits: ArchiveRowLimits,
  rows: Iterable<SpaceRow>,
): Promise<ArchivedSpace> {
  const counter = new RowCounter(entry, limits);
  const reader = new SpaceReader(entry, limits);
  const indexes = new Map<string, number>();
  const slicer = new TimeSlicer();
  for (const [key, row] of rows) {
    if (!Object.hasOwn(TABLES, key)) continue;
    const index = indexes.get(key) ?? 0;
    indexes.set(key, index + 1);
    if (JSON.stringify(row).length > ROW_MAX_CHARS)
      throw refuse('bad_data', `${entry}: ${key}[${index}] is longer than ${ROW_MAX_CHARS} characters`);
    counter.add(key, index);
    reader.add(key, index, row);
    await slicer.maybeYield();
  }
  return reader.space;
}
