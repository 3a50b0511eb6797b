// The read model of a data space: its tags, cards, tag memberships and relations, held in memory and validated
// against the space's revision on every read.
//
// Why: FerretDB v1 (the embedded database) pushes only `_id` equality down to SQLite; any other query scans and
// decodes the whole collection in Go (~650 ms for 10,000 cards), so sorted, paginated and searched lists cannot be
// served by queries there. The revision makes the cache correct with several app instances: writers bump it after
// writing, readers reload when it moved. Writers in this process patch the cached copy instead of dropping it.
import {
  CardModel,
  CardTagModel,
  RelationModel,
  type CardDoc,
  type CardTagDoc,
  type RelationDoc,
} from '../cards/card.model';
import { logger } from '../logger';
import { TagModel, type TagDoc } from '../tags/tag.model';
import { SpaceModel, type SpaceDoc } from './space.model';

export interface Membership {
  tagId: string;
  cardId: string;
  order: number;
}

/** An immutable picture of one space at one revision. */
export class SpaceSnapshot {
  readonly tagsById: ReadonlyMap<string, TagDoc>;
  /** Tags sorted by order, then name. */
  readonly tags: readonly TagDoc[];
  readonly membershipsByCard: ReadonlyMap<string, readonly Membership[]>;
  readonly membershipsByTag: ReadonlyMap<string, readonly Membership[]>;
  readonly relationsBySource: ReadonlyMap<string, readonly RelationDoc[]>;
  private memo = new Map<string, unknown>();

  constructor(
    readonly ownerId: string,
    readonly rev: number,
    readonly loadedAt: number,
    tags: Iterable<TagDoc>,
    readonly cards: ReadonlyMap<string, CardDoc>,
    memberships: Iterable<Membership>,
    relations: Iterable<RelationDoc>,
    /** Saved positions of the virtual tags, on the tag order scale. */
    readonly virtualOrder: Readonly<Record<string, number>> = {},
  ) {
    const tagList = [...tags].sort(
      (a, b) => a.order - b.order || compareText(a.name, b.name) || compareText(a._id, b._id),
    );
    this.tags = tagList;
    this.tagsById = new Map(tagList.map((t) => [t._id, t]));
    const byCard = new Map<string, Membership[]>();
    const byTag = new Map<string, Membership[]>();
    for (const m of memberships) {
      if (!this.tagsById.has(m.tagId) || !cards.has(m.cardId)) continue;
      push(byCard, m.cardId, m);
      push(byTag, m.tagId, m);
    }
    this.membershipsByCard = byCard;
    this.membershipsByTag = byTag;
    const bySource = new Map<string, RelationDoc[]>();
    for (const r of relations) {
      if (cards.has(r.sourceId) && cards.has(r.targetId)) push(bySource, r.sourceId, r);
    }
    for (const list of bySource.values()) list.sort((a, b) => a.order - b.order);
    this.relationsBySource = bySource;
  }

  get size(): number {
    return this.cards.size;
  }

  /** Memoises a value derived from this snapshot (sorted lists, search text, ...). */
  derive<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    // Bound per-snapshot memory: query-dependent keys (searches) are few but unbounded in principle.
    if (this.memo.size > 200) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  maxGlobalOrder(): number {
    return this.derive('maxGlobalOrder', () => {
      let max = -1;
      for (const c of this.cards.values()) if (c.globalSortOrder > max) max = c.globalSortOrder;
      return max;
    });
  }

  maxTagOrder(): number {
    return this.tags.reduce((m, t) => Math.max(m, t.order), -1);
  }

  maxOrderInTag(tagId: string): number {
    return (this.membershipsByTag.get(tagId) ?? []).reduce((m, x) => Math.max(m, x.order), -1);
  }

  /** Returns a copy with a change applied (used by writers in this process). */
  with(change: SpaceChange, rev: number): SpaceSnapshot {
    const tags = new Map(this.tagsById);
    const cards = new Map(this.cards);
    const memberships = new Map<string, Membership>();
    for (const list of this.membershipsByCard.values())
      for (const m of list) memberships.set(`${m.tagId}:${m.cardId}`, m);
    const relations = new Map<string, RelationDoc>();
    for (const list of this.relationsBySource.values()) for (const r of list) relations.set(r._id, r);

    for (const t of change.upsertTags ?? []) tags.set(t._id, t);
    for (const id of change.deleteTags ?? []) tags.delete(id);
    for (const c of change.upsertCards ?? []) cards.set(c._id, c);
    for (const id of change.deleteCards ?? []) cards.delete(id);
    for (const m of change.upsertMemberships ?? []) memberships.set(`${m.tagId}:${m.cardId}`, m);
    for (const key of change.deleteMemberships ?? []) memberships.delete(key);
    for (const r of change.upsertRelations ?? []) relations.set(r._id, r);
    for (const id of change.deleteRelations ?? []) relations.delete(id);
    return new SpaceSnapshot(
      this.ownerId,
      rev,
      this.loadedAt,
      tags.values(),
      cards,
      memberships.values(),
      relations.values(),
      change.virtualOrder ? { ...this.virtualOrder, ...change.virtualOrder } : this.virtualOrder,
    );
  }
}

/** A change to a space, as writers describe it for the in-process copy. Membership keys are `tagId:cardId`. */
export interface SpaceChange {
  upsertTags?: TagDoc[];
  deleteTags?: string[];
  upsertCards?: CardDoc[];
  deleteCards?: string[];
  upsertMemberships?: Membership[];
  deleteMemberships?: string[];
  upsertRelations?: RelationDoc[];
  deleteRelations?: string[];
  virtualOrder?: Record<string, number>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

// ---- the cache ------------------------------------------------------------------------------------------------

interface Entry {
  snapshot: SpaceSnapshot;
  checkedAt: number;
}

const cache = new Map<string, Entry>();
const loading = new Map<string, Promise<SpaceSnapshot>>();
const revReads = new Map<string, Promise<number>>();

/** Revisions checked this recently are trusted without another round trip (bursts of reads share one check). */
const RECHECK_MS = 250;
/** A snapshot this old is reloaded in the background even if the revision did not move (self-healing). */
const MAX_AGE_MS = 10 * 60 * 1000;
/** Total cards kept across all cached spaces before the least recently used spaces are dropped. */
const MAX_CACHED_CARDS = 300_000;

function readRev(ownerId: string): Promise<number> {
  let p = revReads.get(ownerId);
  if (!p) {
    p = SpaceModel.findById(ownerId)
      .lean<SpaceDoc>()
      .then((d) => d?.rev ?? 0)
      .finally(() => revReads.delete(ownerId));
    revReads.set(ownerId, p);
  }
  return p;
}

async function load(ownerId: string, rev: number): Promise<SpaceSnapshot> {
  const started = Date.now();
  const [tags, cards, memberships, relations, spaceDoc] = await Promise.all([
    TagModel.find({ ownerId }).lean<TagDoc[]>(),
    CardModel.find({ ownerId }).lean<CardDoc[]>(),
    CardTagModel.find({ ownerId }).lean<CardTagDoc[]>(),
    RelationModel.find({ ownerId }).lean<RelationDoc[]>(),
    SpaceModel.findById(ownerId).lean<SpaceDoc>(),
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
  logger.debug('space', 'loaded', { ownerId, rev, cards: cards.length, ms: Date.now() - started });
  return snapshot;
}

function remember(snapshot: SpaceSnapshot) {
  cache.delete(snapshot.ownerId);
  cache.set(snapshot.ownerId, { snapshot, checkedAt: Date.now() });
  let total = 0;
  for (const e of cache.values()) total += e.snapshot.size;
  // Map iteration order is insertion order, so the first entries are the least recently stored.
  for (const [key, e] of cache) {
    if (total <= MAX_CACHED_CARDS || key === snapshot.ownerId) break;
    total -= e.snapshot.size;
    cache.delete(key);
  }
}

function loadOnce(ownerId: string, rev: number): Promise<SpaceSnapshot> {
  let p = loading.get(ownerId);
  if (!p) {
    p = load(ownerId, rev)
      .then((s) => {
        const current = cache.get(ownerId);
        // A writer in this process may have moved past what we loaded; keep the newer one.
        if (!current || current.snapshot.rev <= s.rev) remember(s);
        return cache.get(ownerId)?.snapshot ?? s;
      })
      .finally(() => loading.delete(ownerId));
    loading.set(ownerId, p);
  }
  return p;
}

/** The current read model of a space. */
export async function getSpace(ownerId: string): Promise<SpaceSnapshot> {
  const entry = cache.get(ownerId);
  const now = Date.now();
  if (entry && now - entry.checkedAt < RECHECK_MS) return entry.snapshot;
  // Read the revision before the data, so a snapshot is never labelled newer than what it holds.
  const rev = await readRev(ownerId);
  const current = cache.get(ownerId);
  if (current && current.snapshot.rev === rev) {
    current.checkedAt = Date.now();
    if (Date.now() - current.snapshot.loadedAt > MAX_AGE_MS) void loadOnce(ownerId, rev).catch(() => {});
    return current.snapshot;
  }
  return loadOnce(ownerId, rev);
}

/**
 * Records that a space changed, after the change is written to the database. Bumps the revision; when this
 * process's copy was current, applies the change to it so the next read needs no reload.
 */
export async function commitSpace(ownerId: string, change?: SpaceChange): Promise<void> {
  const updated = await SpaceModel.findOneAndUpdate(
    { _id: ownerId },
    { $inc: { rev: 1 } },
    { upsert: true, returnDocument: 'after' },
  ).lean<SpaceDoc>();
  const rev = updated?.rev ?? 0;
  const entry = cache.get(ownerId);
  if (entry && change && entry.snapshot.rev === rev - 1) {
    remember(entry.snapshot.with(change, rev));
  } else {
    cache.delete(ownerId);
  }
}

/** Drops cached spaces (tests, and bulk operations that rewrite a space wholesale). */
export function forgetSpace(ownerId?: string): void {
  if (ownerId) cache.delete(ownerId);
  else cache.clear();
}
