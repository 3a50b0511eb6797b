// One data space (a user's tags, cards, tag memberships and relations) at one revision, held in memory. A published
// snapshot never changes; a unit of work changes a private draft in O(size of the change) and publishes it. Derived
// values (sorted lists, search results) are memoised by a serial that changes with every change (space.memo.ts).
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { TagDoc } from '../tags/tag.model';
import { diff, membershipKey, type Membership, type SpaceChange } from './space.change';
import { MEMBERSHIP_BYTES, RELATION_BYTES, cardBytes, tagBytes } from './space.bytes';
import { draftCopy, settledCopy } from './layered-map';
import { forgetMemo, memoGet, memoSet, type MemoKind } from './space.memo';

export { cardBytes } from './space.bytes';
export { diff, membershipKey, mergeChanges } from './space.change';
export type { Membership, SpaceChange } from './space.change';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

let serials = 0;

function sortTags(tags: Iterable<TagDoc>): TagDoc[] {
  return [...tags].sort(
    (a, b) => a.order - b.order || compareText(a.name, b.name) || compareText(a._id, b._id),
  );
}

export class SpaceSnapshot {
  /** Changes with every applied change: the key of memoised derived values. */
  serial = ++serials;
  tagsById: Map<string, TagDoc>;
  /** Tags sorted by order, then name. */
  tags: TagDoc[];
  cards: Map<string, CardDoc>;
  membershipsByCard = new Map<string, readonly Membership[]>();
  membershipsByTag = new Map<string, readonly Membership[]>();
  relationsBySource = new Map<string, readonly RelationDoc[]>();
  private relationsById = new Map<string, RelationDoc>();
  /**
   * `at` of the revision record this copy stands at (ms; 0 for revision 0): with `rev`, names the database state
   * it shows, the same for every load of that state (a space rewritten from scratch gets new times).
   */
  revAt = 0;
  /** Approximate heap bytes held by this snapshot (the cache's budget counts this). */
  bytes = 0;
  private maxOrder: number | undefined;
  private draft = false;

  constructor(
    readonly ownerId: string,
    public rev: number,
    tags: Iterable<TagDoc>,
    cards: Map<string, CardDoc>,
    memberships: Iterable<Membership>,
    relations: Iterable<RelationDoc>,
    /** Saved positions of the virtual tags, on the tag order scale. */
    public virtualOrder: Readonly<Record<string, number>> = {},
  ) {
    this.tags = sortTags(tags);
    this.tagsById = new Map(this.tags.map((t) => [t._id, t]));
    this.cards = cards;
    for (const c of cards.values()) this.bytes += cardBytes(c);
    for (const t of this.tags) this.bytes += tagBytes(t);
    for (const m of memberships) this.addMembership(m);
    for (const r of relations) this.addRelation(r);
  }

  get size(): number {
    return this.cards.size;
  }

  /**
   * Memoises a value derived from this snapshot. Search results (keys starting `search:`) go to their own, smaller
   * budget, so a flood of different queries drops only other search results.
   */
  derive<T>(key: string, compute: () => T): T {
    const kind: MemoKind = key.startsWith('search:') ? 'search' : 'list';
    const found = memoGet(this.serial, key, kind);
    if (found !== undefined) return found as T;
    const value = compute();
    memoSet(this.serial, key, value, kind);
    return value;
  }

  maxGlobalOrder(): number {
    if (this.maxOrder === undefined) {
      let max = -1;
      for (const c of this.cards.values()) if (c.globalSortOrder > max) max = c.globalSortOrder;
      this.maxOrder = max;
    }
    return this.maxOrder;
  }

  maxTagOrder(): number {
    return this.tags.reduce((m, t) => Math.max(m, t.order), -1);
  }

  maxOrderInTag(tagId: string): number {
    return (this.membershipsByTag.get(tagId) ?? []).reduce((m, x) => Math.max(m, x.order), -1);
  }

  membership(key: string): Membership | undefined {
    const cardId = key.slice(key.indexOf(':') + 1);
    return this.membershipsByCard.get(cardId)?.find((m) => membershipKey(m) === key);
  }

  relation(id: string): RelationDoc | undefined {
    return this.relationsById.get(id);
  }

  relations(): IterableIterator<RelationDoc> {
    return this.relationsById.values();
  }

  /** A private, changeable copy for a unit of work (the maps that grow with the cards are layered-map.ts). */
  toDraft(): SpaceSnapshot {
    const d = Object.create(SpaceSnapshot.prototype) as SpaceSnapshot;
    Object.assign(d, this);
    d.serial = ++serials;
    d.tagsById = new Map(this.tagsById);
    d.tags = [...this.tags];
    d.cards = draftCopy(this.cards);
    d.membershipsByCard = draftCopy(this.membershipsByCard);
    d.membershipsByTag = new Map(this.membershipsByTag);
    d.relationsBySource = new Map(this.relationsBySource);
    d.relationsById = new Map(this.relationsById);
    d.draft = true;
    return d;
  }

  /** Publishes a draft as revision `rev`, whose record was inserted at `revAt`: it must not change any more. */
  freeze(rev: number, revAt = this.revAt): this {
    this.cards = settledCopy(this.cards);
    this.membershipsByCard = settledCopy(this.membershipsByCard);
    this.rev = rev;
    this.revAt = revAt;
    this.draft = false;
    return this;
  }

  /** Applies a change to a draft in place (lists are copied before they change: published snapshots share them). */
  apply(change: SpaceChange): void {
    if (!this.draft) throw new Error('apply() on a published snapshot');
    // What was derived from the draft before this change is stale.
    forgetMemo(this.serial);
    this.serial = ++serials;
    if (change.upsertTags?.length || change.deleteTags?.length) {
      for (const t of change.upsertTags ?? []) {
        const old = this.tagsById.get(t._id);
        if (old) this.bytes -= tagBytes(old);
        this.tagsById.set(t._id, t);
        this.bytes += tagBytes(t);
      }
      for (const id of change.deleteTags ?? []) {
        const old = this.tagsById.get(id);
        if (!old) continue;
        this.bytes -= tagBytes(old);
        this.tagsById.delete(id);
      }
      this.tags = sortTags(this.tagsById.values());
    }
    for (const c of change.upsertCards ?? []) {
      const old = this.cards.get(c._id);
      // A card written as it is keeps its object (its writer writes nothing for it, see `diff`).
      if (old && !Object.keys(diff(old, c)).length) continue;
      if (old) this.bytes -= cardBytes(old);
      this.cards.set(c._id, c);
      this.bytes += cardBytes(c);
      if (this.maxOrder !== undefined) {
        if (c.globalSortOrder >= this.maxOrder) this.maxOrder = c.globalSortOrder;
        else if (old && old.globalSortOrder >= this.maxOrder) this.maxOrder = undefined;
      }
    }
    for (const id of change.deleteCards ?? []) {
      const old = this.cards.get(id);
      if (!old) continue;
      this.bytes -= cardBytes(old);
      this.cards.delete(id);
      if (this.maxOrder !== undefined && old.globalSortOrder >= this.maxOrder) this.maxOrder = undefined;
    }
    if (change.deleteCards?.length) {
      const gone = new Set(change.deleteCards);
      for (const r of [...this.relationsById.values()])
        if (gone.has(r.sourceId) || gone.has(r.targetId)) this.removeRelation(r._id);
    }
    this.applyMemberships(change);
    for (const id of change.deleteRelations ?? []) this.removeRelation(id);
    for (const r of change.upsertRelations ?? []) {
      this.removeRelation(r._id);
      this.addRelation(r);
    }
    if (change.virtualOrder) this.virtualOrder = { ...this.virtualOrder, ...change.virtualOrder };
  }

  /**
   * Membership changes, including those implied by deleted cards and tags: each affected per-tag and per-card list
   * is rebuilt once, so a change touching k memberships costs O(k + the lists it touches).
   */
  private applyMemberships(change: SpaceChange) {
    const remove = new Set<string>(change.deleteMemberships ?? []);
    const add: Membership[] = [];
    for (const m of change.upsertMemberships ?? []) {
      const had = this.membershipsByCard.get(m.cardId)?.find((x) => x.tagId === m.tagId);
      // An upsert that repeats a membership as it is changes nothing (an import of an unchanged space repeats all);
      // with a new order it replaces it.
      if (had?.order === m.order && !(remove.size && remove.has(membershipKey(m)))) continue;
      if (had) remove.add(membershipKey(m));
      // Memberships of unknown cards or tags are ignored, as a reload would ignore them.
      if (this.tagsById.has(m.tagId) && this.cards.has(m.cardId))
        add.push({ tagId: m.tagId, cardId: m.cardId, order: m.order });
    }
    for (const id of change.deleteCards ?? [])
      for (const m of this.membershipsByCard.get(id) ?? []) remove.add(membershipKey(m));
    for (const id of change.deleteTags ?? [])
      for (const m of this.membershipsByTag.get(id) ?? []) remove.add(membershipKey(m));
    if (remove.size === 0 && add.length === 0) return;
    // The lists that lose a membership; with those that gain one, the lists to rebuild.
    const losing = { tagId: new Set<string>(), cardId: new Set<string>() };
    for (const key of remove) {
      const i = key.indexOf(':');
      losing.tagId.add(key.slice(0, i));
      losing.cardId.add(key.slice(i + 1));
    }
    const rebuild = (map: Map<string, readonly Membership[]>, field: 'tagId' | 'cardId') => {
      // Additions grouped once (a bulk import adds thousands to thousands of lists); a list that loses nothing is
      // copied, not filtered key by key.
      const added = new Map<string, Membership[]>();
      for (const m of add) {
        const group = added.get(m[field]);
        if (group) group.push(m);
        else added.set(m[field], [m]);
      }
      for (const id of new Set([...losing[field], ...added.keys()])) {
        const old = map.get(id) ?? [];
        const list = losing[field].has(id) ? old.filter((m) => !remove.has(membershipKey(m))) : [...old];
        if (field === 'tagId') this.bytes -= (old.length - list.length) * MEMBERSHIP_BYTES;
        for (const m of added.get(id) ?? []) list.push(m);
        if (list.length) map.set(id, list);
        else map.delete(id);
      }
    };
    rebuild(this.membershipsByTag, 'tagId');
    rebuild(this.membershipsByCard, 'cardId');
    this.bytes += add.length * MEMBERSHIP_BYTES;
  }

  private addMembership(m: Membership) {
    if (!this.tagsById.has(m.tagId) || !this.cards.has(m.cardId)) return;
    const clean = { tagId: m.tagId, cardId: m.cardId, order: m.order };
    const byCard = this.membershipsByCard.get(m.cardId) as Membership[] | undefined;
    if (byCard) byCard.push(clean);
    else this.membershipsByCard.set(m.cardId, [clean]);
    const byTag = this.membershipsByTag.get(m.tagId) as Membership[] | undefined;
    if (byTag) byTag.push(clean);
    else this.membershipsByTag.set(m.tagId, [clean]);
    this.bytes += MEMBERSHIP_BYTES;
  }

  private addRelation(r: RelationDoc) {
    if (!this.cards.has(r.sourceId) || !this.cards.has(r.targetId)) return;
    this.relationsById.set(r._id, r);
    const list = [...(this.relationsBySource.get(r.sourceId) ?? []), r].sort((a, b) => a.order - b.order);
    this.relationsBySource.set(r.sourceId, list);
    this.bytes += RELATION_BYTES;
  }

  private removeRelation(id: string) {
    const r = this.relationsById.get(id);
    if (!r) return;
    this.relationsById.delete(id);
    const list = (this.relationsBySource.get(r.sourceId) ?? []).filter((x) => x._id !== id);
    if (list.length) this.relationsBySource.set(r.sourceId, list);
    else this.relationsBySource.delete(r.sourceId);
    this.bytes -= RELATION_BYTES;
  }
}
