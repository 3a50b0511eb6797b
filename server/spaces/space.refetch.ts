// Re-reading the documents that change records without their change name (commits that were not planned from
// the revision before them): each by `_id`, the one lookup FerretDB does not decode the whole collection for.
import {
  CardModel,
  CardTagModel,
  RelationModel,
  type CardDoc,
  type CardTagDoc,
  type RelationDoc,
} from '../cards/card.model';
import { TagModel, type TagDoc } from '../tags/tag.model';
import type { SpaceChangeDoc } from './space-change.model';
import type { Membership, SpaceChange } from './space.change';
import { readHint } from './space.head';
import type { SpaceSnapshot } from './space.snapshot';
import { withLaterStatus } from './status-writes';

/**
 * Re-reads documents by `_id` (what records without their change name) as a change to `current`, the copy being
 * caught up. A card keeps the status `current` holds when it is from a later check than the document's: check
 * results reach the documents after their commit (status-writes.ts), possibly in another instance.
 */
export async function refetch(
  ownerId: string,
  records: SpaceChangeDoc[],
  current: SpaceSnapshot,
): Promise<{ change: SpaceChange; documents: number }> {
  const ids = { cards: new Set<string>(), tags: new Set<string>(), memberships: new Set<string>() };
  const relationIds = new Set<string>();
  for (const r of records) {
    r.touched.cards.forEach((id) => ids.cards.add(id));
    r.touched.tags.forEach((id) => ids.tags.add(id));
    r.touched.memberships.forEach((id) => ids.memberships.add(id));
    r.touched.relations.forEach((id) => relationIds.add(id));
  }
  const byId = <T>(model: { findById(id: string): { lean<R>(): Promise<R | null> } }, list: Set<string>) =>
    Promise.all([...list].map((id) => model.findById(id).lean<T>()));
  const [cards, tags, memberships, relations] = await Promise.all([
    byId<CardDoc>(CardModel, ids.cards),
    byId<TagDoc>(TagModel, ids.tags),
    byId<CardTagDoc>(CardTagModel, ids.memberships),
    byId<RelationDoc>(RelationModel, relationIds),
  ]);
  const mine = <T extends { ownerId: string }>(d: T | null): d is T => d !== null && d.ownerId === ownerId;
  const change: SpaceChange = {
    upsertCards: cards.filter(mine).map((doc) => withLaterStatus(doc, current.cards.get(doc._id))),
    deleteCards: [...ids.cards].filter((_, i) => !mine(cards[i] ?? null)),
    upsertTags: tags.filter(mine),
    deleteTags: [...ids.tags].filter((_, i) => !mine(tags[i] ?? null)),
    upsertMemberships: memberships
      .filter(mine)
      .map((m): Membership => ({ tagId: m.tagId, cardId: m.cardId, order: m.order })),
    deleteMemberships: [...ids.memberships].filter((_, i) => !mine(memberships[i] ?? null)),
    upsertRelations: relations.filter(mine),
    deleteRelations: [...relationIds].filter((_, i) => !mine(relations[i] ?? null)),
  };
  if (records.some((r) => r.touched.virtualOrder)) {
    change.virtualOrder = (await readHint(ownerId))?.virtualOrder ?? {};
  }
  return { change, documents: cards.length + tags.length + memberships.length + relations.length };
}
