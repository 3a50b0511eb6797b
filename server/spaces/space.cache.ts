// The read model of data spaces: each user's tags, cards, memberships and relations held in memory, kept current
// by the change records writers leave (space-change.model.ts), under one byte budget for all spaces.
//
// Why: FerretDB v1 (the embedded database) filters in Go after decoding the whole collection for anything but an
// `_id` equality, so sorted, paginated and searched lists cannot be served by queries there (docs/decisions.md).
// A cached space is checked at most every RECHECK_MS by looking up the next change record by `_id`; a reader that
// is behind applies the records it missed, and reloads the whole space only when records are missing.
import { LRUCache } from 'lru-cache';
import {
  CardModel,
  CardTagModel,
  RelationModel,
  type CardDoc,
  type CardTagDoc,
  type RelationDoc,
} from '../cards/card.model';
import { env } from '../env';
import { logger } from '../logger';
import { TagModel, type TagDoc } from '../tags/tag.model';
import { decodeChange } from './space-change.model';
import { findRecord, headRev, readHint } from './space.head';
import { forgetMemo } from './space.memo';
import { refetch } from './space.refetch';
import { forgetSpaceImages, readSpaceImage, scheduleImage } from './space.image';
import { SpaceSnapshot } from './space.snapshot';

export { SpaceSnapshot, compareText, mergeChanges } from './space.snapshot';
export { headRev } from './space.head';
export type { Membership, SpaceChange } from './space.snapshot';

/** Revisions checked this recently are trusted without another round trip (bursts of reads share one check). */
export const RECHECK_MS = 250;
/** How long change records are kept (the newest of each space is always kept). */
export const CHANGE_TTL_MS = 2 * 60 * 1000;
/** Behind by more records than this, a reader reloads instead of catching up (records read in growing batches). */
const MAX_CATCH_UP = 1000;
const CATCH_UP_BATCHES = [1, 4, 16, 32];
/** Documents re-read one by one when catching up on records that carry ids only; more than this reloads. */
const MAX_REFETCH = 200;
/** A snapshot this old is reloaded in the background even if nothing moved (self-healing after manual edits). */
const MAX_AGE_MS = 30 * 60 * 1000;

interface Entry {
  snapshot: SpaceSnapshot;
  checkedAt: number;
}

/** Counters a test or benchmark can read; one set per copy of this module (the built app has its own). */
export const spaceStats = {
  loads: 0,
  /** Cold spaces read from a usable image (then caught up, or loaded if the records after it say so). */
  fromImage: 0,
  catchUps: 0,
  recordsApplied: 0,
  refetched: 0,
  patches: 0,
  evictions: 0,
};

/**
 * Every copy of this module loaded in the process (tests load the built app beside the source): tests read each
 * copy's counters and empty every copy's cache when they empty the database.
 */
export interface SpaceCacheCopy {
  stats: typeof spaceStats;
  forget: (ownerId?: string) => void;
  get: (ownerId: string) => Promise<SpaceSnapshot>;
}
export function spaceCacheCopies(): SpaceCacheCopy[] {
  return ((globalThis as Record<symbol, unknown>)[Symbol.for('sakura.spaceCaches')] ??=
    []) as SpaceCacheCopy[];
}

let lru: LRUCache<string, Entry> | undefined;
/** A space larger than the whole budget still gets one slot, so it is not reloaded on every read. */
let oversized: Entry | undefined;
const refreshing = new Map<string, Promise<SpaceSnapshot>>();

function newLru(maxSize: number) {
  // Recency is by reads (get), so the admin's space that every visitor reads stays while idle spaces go.
  return new LRUCache<string, Entry>({
    maxSize,
    sizeCalculation: (e) => Math.max(1, e.snapshot.bytes),
    dispose: (e, _key, reason) => {
      if (reason === 'evict') spaceStats.evictions++;
      if (reason !== 'set') forgetMemo(e.snapshot.serial);
    },
  });
}

function cache(): LRUCache<string, Entry> {
  lru ??= newLru(env().SPACE_CACHE_BYTES);
  return lru;
}

function peek(ownerId: string): Entry | undefined {
  // Without creating the cache (scripts that only commit, like the benchmark seeder, have no app environment).
  return lru?.peek(ownerId) ?? (oversized?.snapshot.ownerId === ownerId ? oversized : undefined);
}

function remember(snapshot: SpaceSnapshot, checkedAt = Date.now()): void {
  const current = peek(snapshot.ownerId);
  // Never go back: a slower load may finish after a writer published a newer revision.
  if (current && current.snapshot.rev > snapshot.rev) return;
  const entry = { snapshot, checkedAt };
  // Values derived from the copy being replaced are never asked for again.
  if (current && current.snapshot !== snapshot) forgetMemo(current.snapshot.serial);
  if (snapshot.bytes >= cache().maxSize) {
    cache().delete(snapshot.ownerId);
    oversized = entry;
    logger.warn('space', 'a space is larger than SPACE_CACHE_BYTES', {
      ownerId: snapshot.ownerId,
      bytes: snapshot.bytes,
    });
    return;
  }
  if (oversized?.snapshot.ownerId === snapshot.ownerId) oversized = undefined;
  cache().set(snapshot.ownerId, entry);
}

type LoadHook = (ownerId: string) => Promise<void>;
const loadHooks: LoadHook[] = [];
/** Work that must finish before a space is read from the database (e.g. a restore that died half-way). */
export function beforeSpaceLoad(hook: LoadHook): void {
  loadHooks.push(hook);
}

async function fullLoad(ownerId: string, count = true, reason = 'not cached'): Promise<SpaceSnapshot> {
  const started = Date.now();
  for (const hook of loadHooks) await hook(ownerId);
  // The revision first, then the data: a snapshot may hold more than its label says, never less.
  const rev = await headRev(ownerId);
  const [tags, cards, memberships, relations, spaceDoc] = await Promise.all([
    TagModel.find({ ownerId }).lean<TagDoc[]>(),
    CardModel.find({ ownerId }).lean<CardDoc[]>(),
    CardTagModel.find({ ownerId }).lean<CardTagDoc[]>(),
    RelationModel.find({ ownerId }).lean<RelationDoc[]>(),
    readHint(ownerId),
  ]);
  const snapshot = new SpaceSnapshot(
    ownerId,
    rev,
    Date.now(),
    tags,
    new Map(cards.map((c) => [c._id, c])),
    memberships.map((m) => ({ tagId: m.tagId, cardId: m.cardId, order: m.order })),
    relations,
    spaceDoc?.virtualOrder ?? {},
  );
  if (count) spaceStats.loads++;
  // Info, not debug: a full load is the expensive event this module exists to avoid (benchmarks count them).
  logger.info('space', 'loaded', { ownerId, rev, reason, cards: cards.length, ms: Date.now() - started });
  return snapshot;
}

/** Brings a cached copy up to the newest revision from the change records, or says why it must be reloaded. */
async function catchUp(entry: Entry): Promise<SpaceSnapshot | string> {
  const { snapshot } = entry;
  const ownerId = snapshot.ownerId;
  // Two point lookups: the next record, and the space document, whose revision writers raise after their record
  // (and tests and bulk tools raise on their own): above the last record found, records are missing.
  const [first, hint] = await Promise.all([findRecord(ownerId, snapshot.rev + 1), readHint(ownerId)]);
  if (!first) return (hint?.rev ?? 0) > snapshot.rev ? 'records missing' : snapshot;
  const records = [first];
  // Revisions are claimed one after another, so the first missing one is the end.
  for (let round = 0, end = -1; end === -1; round++) {
    if (records.length > MAX_CATCH_UP) return 'too far behind';
    const [from, size] = [snapshot.rev + records.length + 1, CATCH_UP_BATCHES[Math.min(round, 3)]!];
    const batch = await Promise.all(Array.from({ length: size }, (_, i) => findRecord(ownerId, from + i)));
    end = batch.indexOf(null);
    for (const r of end === -1 ? batch : batch.slice(0, end)) records.push(r!);
  }
  if ((hint?.rev ?? 0) > snapshot.rev + records.length) return 'records missing';
  if (records.some((r) => r.reload)) return 'rewritten';
  const blind = records.filter((r) => !r.change);
  const blindCount = blind.reduce(
    (n, r) => n + r.touched.cards.length + r.touched.tags.length + r.touched.memberships.length,
    0,
  );
  if (blindCount > MAX_REFETCH) return 'too many changed documents';
  const draft = snapshot.toDraft();
  for (const r of records) if (r.change) draft.apply(decodeChange(r.change));
  // Records without their change come last: what is read now is at least as new as every record.
  if (blind.length) {
    const { change, documents } = await refetch(ownerId, blind, draft);
    draft.apply(change);
    spaceStats.refetched += documents;
  }
  spaceStats.catchUps++;
  spaceStats.recordsApplied += records.length;
  return draft.freeze(snapshot.rev + records.length);
}

/** A cold space from its image (space.image.ts), to be caught up like any copy that is behind. */
async function fromImage(ownerId: string): Promise<Entry | undefined> {
  for (const hook of loadHooks) await hook(ownerId);
  const snapshot = await readSpaceImage(ownerId);
  if (snapshot) spaceStats.fromImage++;
  return snapshot ? { snapshot, checkedAt: 0 } : undefined;
}

function refresh(ownerId: string): Promise<SpaceSnapshot> {
  let p = refreshing.get(ownerId);
  if (!p) {
    p = (async () => {
      const entry = peek(ownerId) ?? (await fromImage(ownerId));
      const caught = entry ? await catchUp(entry) : 'not cached';
      const snapshot = typeof caught === 'string' ? await fullLoad(ownerId, true, caught) : caught;
      remember(snapshot);
      if (typeof caught === 'string') scheduleImage(ownerId, () => peek(ownerId)?.snapshot);
      const now = peek(ownerId);
      if (now && now.snapshot.rev === snapshot.rev) now.checkedAt = Date.now();
      if (Date.now() - snapshot.loadedAt > MAX_AGE_MS) void reloadInBackground(ownerId);
      return now?.snapshot ?? snapshot;
    })().finally(() => refreshing.delete(ownerId));
    refreshing.set(ownerId, p);
  }
  return p;
}

async function reloadInBackground(ownerId: string) {
  try {
    const snapshot = await fullLoad(ownerId, true, 'age');
    const current = peek(ownerId);
    if (!current || current.snapshot.rev <= snapshot.rev) remember(snapshot);
  } catch (err) {
    logger.warn('space', 'background reload failed', { ownerId, error: String(err) });
  }
}

/** The current read model of a space (reading it counts as use for the cache's eviction order). */
export async function getSpace(ownerId: string): Promise<SpaceSnapshot> {
  const entry = cache().get(ownerId) ?? (oversized?.snapshot.ownerId === ownerId ? oversized : undefined);
  const age = entry ? Date.now() - entry.checkedAt : Infinity;
  // Half-way through the recheck interval a read starts the next check without waiting for it, so a space read
  // steadily is checked off the request path; a copy checked longer than RECHECK_MS ago is never served.
  if (age >= RECHECK_MS / 2 && age < RECHECK_MS) void refresh(ownerId).catch(() => markSpaceStale(ownerId));
  return age < RECHECK_MS ? entry!.snapshot : refresh(ownerId);
}

/**
 * Called by writers (space.write.ts) after claiming revision `snapshot.rev` with a record whose change was planned
 * from exactly `rev - 1`: the written copy becomes the cached one when the cached copy is still at `rev - 1`.
 */
export function publishSpace(snapshot: SpaceSnapshot): void {
  const current = peek(snapshot.ownerId);
  if (current && current.snapshot.rev !== snapshot.rev - 1) {
    current.checkedAt = 0;
    return;
  }
  spaceStats.patches++;
  remember(snapshot);
  scheduleImage(snapshot.ownerId, () => peek(snapshot.ownerId)?.snapshot);
}

/** Makes the next read of a space check for changes (a writer committed something it could not patch in). */
export function markSpaceStale(ownerId: string): void {
  const entry = peek(ownerId);
  if (entry) entry.checkedAt = 0;
}

/** Drops cached spaces (tests). */
export function forgetSpace(ownerId?: string): void {
  if (ownerId) {
    cache().delete(ownerId);
    if (oversized?.snapshot.ownerId === ownerId) oversized = undefined;
  } else {
    cache().clear();
    oversized = undefined;
    forgetSpaceImages();
  }
}

spaceCacheCopies().push({ stats: spaceStats, forget: forgetSpace, get: getSpace });

/** The space as the database holds it now, bypassing the cache (tests compare the cached copy with it). */
export function loadSpaceFromDb(ownerId: string): Promise<SpaceSnapshot> {
  return fullLoad(ownerId, false);
}

/** Replaces the cache with an empty one of another byte budget (tests). */
export function setSpaceCacheBudget(bytes: number): void {
  lru = newLru(bytes);
  oversized = undefined;
}

/** What the cache holds now (diagnostics, tests, benchmarks). */
export function spaceCacheInfo(): { spaces: number; bytes: number; budget: number; owners: string[] } {
  const c = cache();
  return {
    spaces: c.size + (oversized ? 1 : 0),
    bytes: c.calculatedSize + (oversized?.snapshot.bytes ?? 0),
    budget: c.maxSize,
    owners: [...c.keys()],
  };
}
