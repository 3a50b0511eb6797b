// What a unit of work changes in a data space, and what a change record names.
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { TagDoc } from '../tags/tag.model';

export interface Membership {
  tagId: string;
  cardId: string;
  order: number;
}

/** A change to a space. Membership keys are `tagId:cardId` (membershipKey). */
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

/** Whether a change writes nothing (a dry run of an import that would add nothing, say). */
export function isEmptyChange(change: SpaceChange): boolean {
  return Object.values(change).every((v) => (Array.isArray(v) ? !v.length : !Object.keys(v ?? {}).length));
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

/** `$set` of the fields of `after` that differ from `before` (dates compared by value, objects by their JSON). */
export function diff(before: object, after: object): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    const old = (before as Record<string, unknown>)[k];
    if (old === v) continue;
    if (old instanceof Date && v instanceof Date && old.getTime() === v.getTime()) continue;
    if (typeof v === 'object' && v !== null && JSON.stringify(old) === JSON.stringify(v)) continue;
    set[k] = v;
  }
  return set;
}
