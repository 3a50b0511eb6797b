// What a snapshot holds and how it is stored: one user's space as JSON (rows without owner), gzip'd in chunks.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { ASSET_REF } from '../assets/asset.model';
import { cardKind } from '../cards/card-kinds.shared';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import { insertManyChunked } from '../db';
import { TimeSlicer } from '../parsing/time-slice';
import type { Membership, SpaceSnapshot } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';
import { SnapshotChunkModel, type SnapshotChunkDoc, type SnapshotDoc } from './snapshot.model';

type Ownerless<T> = Omit<T, 'ownerId'>;

/** A copy of a space: tags, cards of every kind (memo notes and todos are card fields), memberships, relations. */
export interface SnapshotData {
  tags: Ownerless<TagDoc>[];
  cards: Ownerless<CardDoc>[];
  /** Memberships with their in-tag order. */
  cardTags: Membership[];
  cardRelations: Ownerless<RelationDoc>[];
  /** Positions of the virtual tags. */
  virtualOrder: Record<string, number>;
}

/** Fields the online check and AI queue change on their own: not a change worth a new snapshot. */
const VOLATILE = [
  'siteIsOnline',
  'siteOnlineCheckLastRun',
  'siteOnlineCheckFailCount',
  'sitePendingContextGen',
];
const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'siteOnlineCheckLastRun']);
/** Compressed bytes per chunk document (well below the 16 MB document limit). */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A copy with its keys (and those of nested objects) in sorted order, `undefined` values left out as JSON does. A
 * cached row's key order depends on how the copy got it (a full load gives the schema's order, a change the
 * writer's object order): without this, equal spaces would give different JSON, hashes and restored documents.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = canonical(v);
  }
  return out;
}

const byId = <T extends { _id: string }>(a: T, b: T) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
const memberKey = (m: Membership) => `${m.tagId}:${m.cardId}`;

/**
 * The snapshot content of a space: its rows sorted by id, memberships by key. The rows are the space's own objects
 * (with their owner, which `encodeData` leaves out): the space is a published copy, which no writer changes.
 */
export function spaceData(space: SpaceSnapshot): SnapshotData {
  const rows = <T extends { _id: string }>(items: Iterable<T>) => [...items].sort(byId);
  const cardTags: Membership[] = [];
  for (const list of space.membershipsByTag.values())
    for (const m of list) cardTags.push({ tagId: m.tagId, cardId: m.cardId, order: m.order });
  cardTags.sort((a, b) => (memberKey(a) < memberKey(b) ? -1 : 1));
  return {
    tags: rows(space.tagsById.values()),
    cards: rows(space.cards.values()),
    cardTags,
    cardRelations: rows(space.relations()),
    virtualOrder: Object.fromEntries(Object.entries(space.virtualOrder).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

const VOLATILE_KEYS = new Set(VOLATILE);
const same = (text: string): [string, string] => [text, text];

/**
 * A row as JSON with its keys (and nested ones) in sorted order, without `ownerId` and `undefined` values; and the
 * same without its volatile fields (for the hash), or the same string when it has none. One pass, no copies: this
 * runs for every row of the space before every clear, reset and import.
 */
function rowJson(row: object): [full: string, steady: string] {
  const full: string[] = [];
  const steady: string[] = [];
  for (const key of Object.keys(row).sort()) {
    const v = (row as Record<string, unknown>)[key];
    if (v === undefined || key === 'ownerId') continue;
    const part = `${JSON.stringify(key)}:${JSON.stringify(canonical(v))}`;
    full.push(part);
    if (!VOLATILE_KEYS.has(key)) steady.push(part);
  }
  const text = `{${full.join(',')}}`;
  return [text, steady.length === full.length ? text : `{${steady.join(',')}}`];
}

/**
 * The data as JSON (what is stored) and the SHA-256 of the content without the volatile fields of its rows (equal
 * hashes mean nothing worth keeping changed), written row by row in slices.
 */
export async function encodeData(data: SnapshotData): Promise<{ json: Buffer; hash: string }> {
  const slicer = new TimeSlicer();
  const parts: string[] = [];
  const hash = createHash('sha256');
  const both = (text: string) => {
    parts.push(text);
    hash.update(text);
  };
  both('{');
  for (const [k, key] of (['tags', 'cards', 'cardTags', 'cardRelations'] as const).entries()) {
    both(`${k ? ',' : ''}${JSON.stringify(key)}:[`);
    const list: readonly object[] = data[key];
    for (let i = 0; i < list.length; i++) {
      const sep = i ? ',' : '';
      // Memberships are written as they are (they have no owner, and their key order is fixed).
      const [full, steady] = key === 'cardTags' ? same(JSON.stringify(list[i])) : rowJson(list[i]!);
      parts.push(sep + full);
      hash.update(sep + steady);
      await slicer.maybeYield();
    }
    both(']');
  }
  parts.push(`,"virtualOrder":${JSON.stringify(data.virtualOrder)}}`);
  hash.update(`,"virtualOrder":${JSON.stringify(data.virtualOrder)}}`);
  return { json: Buffer.from(parts.join('')), hash: hash.digest('hex') };
}

/** Files and notes the data references (what keeps their stored files alive). */
export function dataReferences(data: SnapshotData): { assetIds: string[]; noteIds: string[] } {
  const assets = new Set<string>();
  const notes: string[] = [];
  const scan = (text: string) => {
    for (const m of text.matchAll(ASSET_REF)) assets.add(m[1]!);
  };
  for (const t of data.tags) scan(t.logoUrl ?? '');
  for (const c of data.cards) {
    scan(`${c.iconUrl ?? ''}\n${JSON.stringify(c.cardData ?? null)}`);
    if (cardKind(c) === 'note') notes.push(c._id);
  }
  return { assetIds: [...assets].sort(), noteIds: notes };
}

/** Writes the data's chunks (its JSON from `encodeData`); returns their count and the uncompressed size. */
export async function writeChunks(
  snapshotId: string,
  json: Buffer,
): Promise<{ chunks: number; bytes: number }> {
  // Compressed on libuv's thread pool, off the event loop.
  const packed = await promisify(gzip)(json);
  const docs: SnapshotChunkDoc[] = [];
  const at = new Date();
  for (let i = 0, n = 0; i < packed.length || n === 0; i += CHUNK_BYTES, n++) {
    docs.push({ _id: `${snapshotId}:${n}`, snapshotId, data: packed.subarray(i, i + CHUNK_BYTES), at });
  }
  // One at a time: a chunk may be megabytes.
  for (const d of docs) await insertManyChunked(SnapshotChunkModel, [d]);
  return { chunks: docs.length, bytes: json.length };
}

/** Reads a snapshot's data back (by `_id`, chunk after chunk). */
export async function readData(meta: Pick<SnapshotDoc, '_id' | 'chunks'>): Promise<SnapshotData> {
  const parts: Buffer[] = [];
  for (let n = 0; n < meta.chunks; n++) {
    const chunk = await SnapshotChunkModel.findById(`${meta._id}:${n}`).lean<SnapshotChunkDoc>();
    if (!chunk) throw new Error(`snapshot ${meta._id} is missing chunk ${n}`);
    // A lean read gives BSON Binary (its bytes in `.buffer`), or a Buffer.
    const d = chunk.data as Buffer | { buffer: Uint8Array };
    parts.push(d instanceof Uint8Array ? Buffer.from(d) : Buffer.from(d.buffer));
  }
  return decodeData(gunzipSync(Buffer.concat(parts)));
}

/** Snapshot content from its JSON (`encodeData`'s), with its dates as dates. */
export function decodeData(json: Buffer): SnapshotData {
  return JSON.parse(json.toString('utf8'), (key, value: unknown) =>
    DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
  ) as SnapshotData;
}

/** Deletes a snapshot's chunks. */
export async function deleteChunks(snapshotId: string, chunks: number): Promise<void> {
  const ids = Array.from({ length: chunks }, (_, n) => `${snapshotId}:${n}`);
  // By `_id` one at a time: the only filter FerretDB v1 pushes down.
  for (const id of ids) await SnapshotChunkModel.deleteOne({ _id: id });
}
