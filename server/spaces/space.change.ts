// What a unit of work changes in a data space, and what a change record names.
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { TagDoc } from '../tags/tag.model';

export interface Membership {
  tagId: string;
  cardId: string;
  order: number;
}

/** A change to a space. Membership keys are `tagId:cardId` (see membershipId). */
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

export const membershipKey = (m: { tagId: string; cardId: string }) => `${m.tagId}:${m.cardId}`;

/** Every document id a change touches, by kind (what a change record names). */
export interface TouchedIds {
  cards: string[];
  tags: string[];
  memberships: string[];
  relations: string[];
  virtualOrder: boolean;
}

export function touchedIds(change: SpaceChange): TouchedIds {
  const uniq = (a: string[]) => [...new Set(a)];
  return {
    cards: uniq([...(change.upsertCards ?? []).map((c) => c._id), ...(change.deleteCards ?? [])]),
    tags: uniq([...(change.upsertTags ?? []).map((t) => t._id), ...(change.deleteTags ?? [])]),
    memberships: uniq([
      ...(change.upsertMemberships ?? []).map(membershipKey),
      ...(change.deleteMemberships ?? []),
    ]),
    relations: uniq([...(change.upsertRelations ?? []).map((r) => r._id), ...(change.deleteRelations ?? [])]),
    virtualOrder: Boolean(change.virtualOrder && Object.keys(change.virtualOrder).length),
  };
}

/** Whether a change writes nothing (a dry run of an import that would add nothing, say). */
export function isEmptyChange(change: SpaceChange): boolean {
  const t = touchedIds(change);
  return !t.cards.length && !t.tags.length && !t.memberships.length && !t.relations.length && !t.virtualOrder;
}

/** Several changes as one (later ones win). Linear in the total size: a bulk plan merges thousands of changes. */
export function mergeChanges(...changes: (SpaceChange | undefined)[]): SpaceChange {
  const out: SpaceChange = {};
  const lists = out as Record<string, unknown[]>;
  for (const c of changes) {
    if (!c) continue;
    for (const [k, v] of Object.entries(c) as [keyof SpaceChange, unknown][]) {
      if (k === 'virtualOrder') out.virtualOrder = { ...out.virtualOrder, ...(v as Record<string, number>) };
      else {
        const list = (lists[k] ??= []);
        for (const x of v as unknown[]) list.push(x);
      }
    }
  }
  return out;
}
