// The read model of data spaces: each user's space held in memory under one byte budget, for sorted, searched and
// paginated lists and the visitor view. A copy is what a full load read or what this process's writer wrote on top of
// it; only on a database shared with other instances is it rechecked (docs/decisions.md §23, invariants 4 and 5).
import { LRUCache } from 'lru-cache';
import {
  CardModel,
  cardFromStored,
  RelationModel,
  storedMemberships,
  type CardDoc,
  type RelationDoc,
  type StoredTagRef,
} from '../cards/card.model';
import { legacyMembershipsFolded } from '../cards/legacy-memberships';
import { env } from '../env';
import { logger } from '../logger';
import { TagModel, type TagDoc } from '../tags/tag.model';
import { findRecord, newestRecord } from './space-change.model';
import { forgetMemo } from './space.memo';
import { SpaceModel, type SpaceDoc } from './space.model';
import { SpaceSnapshot } from './space.snapshot';

export { SpaceSnapshot, compareText, mergeChanges } from './space.snapshot';
export type { Membership, SpaceChange } from './space.snapshot';

interface Entry {
  snapshot: SpaceSnapshot;
  checkedAt: number;
}

let lru: LRUCache<string, Entry> | undefined;
const refreshing = new Map<string, Promise<SpaceSnapshot>>();

function cache(): LRUCache<string, Entry> {
  // Recency is by reads (get), so the admin's space that every visitor reads stays while idle spaces go. A space
  // larger than the whole budget counts as all of it: it stays, alone, until another space is read.
  // The budget is heap: a space takes ~1.75 times the bytes its estimate (the quota's measure) counts, 1.9 KB a card.
  const maxSize = env().SPACE_CACHE_BYTES;
  lru ??= new LRUCache<string, Entry>({
    maxSize,
    sizeCalculation: (e) => Math.min(maxSize, Math.max(1, Math.round(e.snapshot.bytes * 1.75))),
    dispose: (e, _key, reason) => {
      if (reason !== 'set') forgetMemo(e.snapshot.serial);
    },
  });
  return lru;
}

/** How many spaces are cached, and their bytes as the budget counts them (for `/metrics`). */
export function cachedSpaces(): { count: number; bytes: number } {
  return { count: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0 };
}

function remember(entry: Entry): void {
  const { snapshot } = entry;
  const current = lru?.peek(snapshot.ownerId);
  // Never go back: a slower load may finish after the writer published a newer revision.
  if (current && current.snapshot.rev > snapshot.rev) return;
  // Values derived from the copy being replaced are never asked for again.
  if (current && current.snapshot !== snapshot) forgetMemo(current.snapshot.serial);
  cache().set(snapshot.ownerId, entry);
  if (cache().calculatedSize >= cache().maxSize && cache().size === 1)
    logger.warn('space', 'a space is larger than SPACE_CACHE_BYTES', { ownerId: snapshot.ownerId });
}

type LoadHook = (ownerId: string) => Promise<void>;
const loadHooks: LoadHook[] = [];
/** Work that must finish before a space is read from the database (e.g. a restore that died half-way). */
export function beforeSpaceLoad(hook: LoadHook): void {
  loadHooks.push(hook);
}

/** The space as the database holds it now: one query by owner per collection. */
async function fullLoad(ownerId: string, reason: string): Promise<Entry> {
  const started = Date.now();
  await legacyMembershipsFolded();
  for (const hook of loadHooks) await hook(ownerId);
  // The revision first, then the data: a copy may hold more than its label says, never less.
  const record = await newestRecord(ownerId);
  const [tags, docs, relations, spaceDoc] = await Promise.all([
    TagModel.find({ ownerId }).lean<TagDoc[]>(),
    CardModel.find({ ownerId }).lean<(CardDoc & { tags?: StoredTagRef[] })[]>(),
    RelationModel.find({ ownerId }).lean<RelationDoc[]>(),
    SpaceModel.findById(ownerId).lean<SpaceDoc>(),
  ]);
  const cards = docs.map(cardFromStored);
  const snapshot = new SpaceSnapshot(
    ownerId,
    record?.rev ?? 0,
    tags,
    new Map(cards.map((c) => [c._id, c])),
    docs.flatMap(storedMemberships),
    relations,
    spaceDoc?.virtualOrder ?? {},
  );
  logger.info('space', 'loaded', {
    ownerId,
    rev: snapshot.rev,
    reason,
    cards: cards.length,
    ms: Date.now() - started,
  });
  snapshot.revAt = record?.at.getTime() ?? 0;
  return { snapshot, checkedAt: Date.now() };
}

/**
 * Why a cached copy must be reloaded, or null when the database holds no revision after it: two `_id` lookups (never
 * needed by the only instance on its database, which wrote everything its copies hold).
 */
export async function staleness({ ownerId, rev, revAt }: SpaceSnapshot): Promise<string | null> {
  const [own, next] = await Promise.all([
    rev ? findRecord(ownerId, rev) : null,
    findRecord(ownerId, rev + 1),
  ]);
  if (next) return 'written elsewhere';
  if (rev && own?.at.getTime() !== revAt) return 'rewritten';
  return null;
}

function refresh(ownerId: string): Promise<SpaceSnapshot> {
  let p = refreshing.get(ownerId);
  if (!p) {
    p = (async () => {
      const entry = lru?.peek(ownerId);
      const checkedAt = Date.now();
      let reason = entry ? await staleness(entry.snapshot) : 'not cached';
      if (!reason) {
        const now = lru?.peek(ownerId);
        if (now === entry) {
          entry!.checkedAt = checkedAt;
          return entry!.snapshot;
        }
        // This process's writer replaced the copy while it was checked (a newer revision, or dropped after a failed
        // write): the checked one is out of date, and a unit planned on it would undo that write.
        if (now) return now.snapshot;
        reason = 'dropped while checked';
      }
      // A space rewritten from scratch may stand at a lower revision than the copy: the copy goes first, or the
      // load would be taken for an older one (remember never goes back).
      if (reason === 'rewritten') forgetSpace(ownerId);
      remember(await fullLoad(ownerId, reason));
      return cache().peek(ownerId)!.snapshot;
    })().finally(() => refreshing.delete(ownerId));
    refreshing.set(ownerId, p);
  }
  return p;
}

/** The current read model of a space (reading it counts as use for the cache's eviction order). */
export async function getSpace(ownerId: string): Promise<SpaceSnapshot> {
  const entry = cache().get(ownerId);
  const recheck = env().SINGLE_INSTANCE ? Infinity : env().SPACE_RECHECK_MS;
  const age = entry && Date.now() >= entry.checkedAt ? Date.now() - entry.checkedAt : Infinity;
  // Half-way through the recheck interval a read starts the next check without waiting for it, so a space read
  // steadily is checked off the request path; a copy checked longer than SPACE_RECHECK_MS ago is never served.
  if (age >= recheck / 2 && age < recheck) void refresh(ownerId).catch(() => forgetSpace(ownerId));
  return age < recheck ? entry!.snapshot : refresh(ownerId);
}

/** Called by the writer (space.write.ts) once the database holds a unit's writes and its revision record. */
export function publishSpace(snapshot: SpaceSnapshot): void {
  remember({ snapshot, checkedAt: Date.now() });
}

/** Makes the next read of a space ask the database first (two `_id` lookups), however recently it was checked. */
export function recheckSpace(ownerId: string): void {
  const entry = lru?.peek(ownerId);
  if (entry) entry.checkedAt = -Infinity;
}

/** Drops a cached space (a write failed half-way, an account deleted), or all of them: the next read loads it. */
export function forgetSpace(ownerId?: string): void {
  // Without creating the cache: scripts that only write (the benchmark seeders) have no app environment.
  if (ownerId) lru?.delete(ownerId);
  else lru?.clear();
}

/** The space as the database holds it now, bypassing the cache (integrity checks compare a copy with it). */
export async function loadSpaceFromDb(ownerId: string): Promise<SpaceSnapshot> {
  return (await fullLoad(ownerId, 'asked')).snapshot;
}
