// The read model of data spaces: each user's tags, cards, memberships and relations held in memory under one byte
// budget, for sorted, searched and paginated lists and the visitor view (docs/decisions.md §23).
//
// The database is the truth. A cached copy is either what a full load read (one query by owner per collection) or
// what this process's writer wrote on top of it (space.write.ts publishes a unit's draft only after the database
// acknowledged its writes and its revision record). Another app instance (on MongoDB) that writes a space claims
// the next revision record; a copy here older than SPACE_RECHECK_MS looks for that record (two `_id` lookups) and
// reloads when it finds it, or when its own record is gone or is another one of the same number. The only instance
// on its database (SINGLE_INSTANCE: the embedded store) writes every change itself, so its copies are not rechecked.
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
/** A space larger than the whole budget still gets one slot, so it is not reloaded on every read. */
let oversized: Entry | undefined;
const refreshing = new Map<string, Promise<SpaceSnapshot>>();

function cache(): LRUCache<string, Entry> {
  // Recency is by reads (get), so the admin's space that every visitor reads stays while idle spaces go.
  lru ??= new LRUCache<string, Entry>({
    maxSize: env().SPACE_CACHE_BYTES,
    sizeCalculation: (e) => Math.max(1, e.snapshot.bytes),
    dispose: (e, _key, reason) => {
      if (reason !== 'set') forgetMemo(e.snapshot.serial);
    },
  });
  return lru;
}

/** How many spaces are cached, and their bytes as the budget counts them (for `/metrics`). */
export function cachedSpaces(): { count: number; bytes: number } {
  return {
    count: (lru?.size ?? 0) + (oversized ? 1 : 0),
    bytes: (lru?.calculatedSize ?? 0) + (oversized?.snapshot.bytes ?? 0),
  };
}

function peek(ownerId: string): Entry | undefined {
  return lru?.peek(ownerId) ?? (oversized?.snapshot.ownerId === ownerId ? oversized : undefined);
}

function remember(entry: Entry): void {
  const { snapshot } = entry;
  const current = peek(snapshot.ownerId);
  // Never go back: a slower load may finish after the writer published a newer revision.
  if (current && current.snapshot.rev > snapshot.rev) return;
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

/** Why a cached copy must be reloaded, or null when the database holds no revision after it. */
async function staleness({ ownerId, rev, revAt }: SpaceSnapshot): Promise<string | null> {
  const [own, next] = await Promise.all([
    rev ? findRecord(ownerId, rev) : null,
    findRecord(ownerId, rev + 1),
  ]);
  if (next) return 'written elsewhere';
  if (rev && own?.at.getTime() !== revAt) return 'rewritten';
  return null;
}

/**
 * Whether the database holds no revision of the space after this copy's: always so for the only instance on its
 * database, else two `_id` lookups.
 */
export async function spaceIsCurrent(snapshot: SpaceSnapshot): Promise<boolean> {
  return env().SINGLE_INSTANCE || (await staleness(snapshot)) === null;
}

function refresh(ownerId: string): Promise<SpaceSnapshot> {
  let p = refreshing.get(ownerId);
  if (!p) {
    p = (async () => {
      const entry = peek(ownerId);
      const checkedAt = Date.now();
      const reason = entry ? await staleness(entry.snapshot) : 'not cached';
      if (!reason) {
        // The checked copy is what the database held at the check (even if it was dropped meanwhile).
        entry!.checkedAt = checkedAt;
        return entry!.snapshot;
      }
      // A space rewritten from scratch may stand at a lower revision than the copy: the copy goes first, or the
      // load would be taken for an older one (remember never goes back).
      if (reason === 'rewritten') forgetSpace(ownerId);
      remember(await fullLoad(ownerId, reason));
      return peek(ownerId)!.snapshot;
    })().finally(() => refreshing.delete(ownerId));
    refreshing.set(ownerId, p);
  }
  return p;
}

/** The current read model of a space (reading it counts as use for the cache's eviction order). */
export async function getSpace(ownerId: string): Promise<SpaceSnapshot> {
  const entry = cache().get(ownerId) ?? (oversized?.snapshot.ownerId === ownerId ? oversized : undefined);
  const recheck = env().SINGLE_INSTANCE ? Infinity : env().SPACE_RECHECK_MS;
  const age = entry ? Date.now() - entry.checkedAt : Infinity;
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
  const entry = peek(ownerId);
  if (entry) entry.checkedAt = -Infinity;
}

/** Drops a cached space (a write failed half-way, an account deleted), or all of them: the next read loads it. */
export function forgetSpace(ownerId?: string): void {
  // Without creating the cache: scripts that only write (the benchmark seeders) have no app environment.
  if (ownerId) {
    lru?.delete(ownerId);
    if (oversized?.snapshot.ownerId === ownerId) oversized = undefined;
  } else {
    lru?.clear();
    oversized = undefined;
  }
}

/** The space as the database holds it now, bypassing the cache (integrity checks compare a copy with it). */
export async function loadSpaceFromDb(ownerId: string): Promise<SpaceSnapshot> {
  return (await fullLoad(ownerId, 'asked')).snapshot;
}
