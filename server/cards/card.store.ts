// Planning helpers shared by the card and tag services: pure functions from a space snapshot to the SpaceChange a
// unit of work (writeSpace, server/spaces/space.write.ts) writes by `_id` and commits.
import { notFound } from '../errors';
import type { Membership, SpaceChange, SpaceSnapshot } from '../spaces/space.cache';
import { compareText } from '../spaces/space.cache';
import type { DeletedItems } from '../trash/trash.model';
import { relationId, type CardDoc, type RelationDoc } from './card.model';
import { membershipKey } from '../spaces/space.change';
import { cardKind, type CardKind } from './card-kinds.shared';
import type { Ordered } from './reorder';
import { firstOrderInTag, type Placement } from './card.sort';

/** A card of this space (of the given kind), or not_found: other users' ids are indistinguishable from unknown ones. */
export function requireCard(space: SpaceSnapshot, id: string, kind?: CardKind): CardDoc {
  const card = space.cards.get(id);
  if (!card || (kind && cardKind(card) !== kind)) throw notFound(kind === 'note' ? 'Note' : 'Card');
  return card;
}

/** A card with fields changed (and its update time). */
export function patchCard(card: CardDoc, patch: Partial<CardDoc>): CardDoc {
  return { ...card, ...patch, updatedAt: new Date() };
}

export interface MembershipPlan {
  upsert: Membership[];
  remove: Membership[];
}

/**
 * Memberships that make a card belong to exactly `tagIds` (unknown tags dropped; kept ones keep their order). A tag
 * the card joins gets it after the tag's cards (`first`: before them, for a card added on a page).
 */
export function planMemberships(
  space: SpaceSnapshot,
  cardId: string,
  tagIds: string[],
  placement: Placement = 'end',
): MembershipPlan {
  const wanted = [...new Set(tagIds)].filter((id) => space.tagsById.has(id));
  const current = space.membershipsByCard.get(cardId) ?? [];
  const remove = current.filter((m) => !wanted.includes(m.tagId));
  const upsert = wanted
    .filter((tagId) => !current.some((m) => m.tagId === tagId))
    .map((tagId) => ({
      tagId,
      cardId,
      order: placement === 'first' ? firstOrderInTag(space, tagId) : space.maxOrderInTag(tagId) + 1,
    }));
  return { upsert, remove };
}

/** The change that carries out a membership plan. */
export function membershipChange(plan: MembershipPlan): SpaceChange {
  return {
    upsertMemberships: plan.upsert,
    deleteMemberships: plan.remove.map((m) => membershipKey(m)),
  };
}

export interface RelatedInput {
  cardId: string;
  enabled: boolean;
  source: 'manual' | 'ai';
  reason: string;
}

/**
 * Replaces a card's outgoing "related sites" (order = list position) and adds the missing reverse links for enabled
 * entries (source `ai`), like the older service. Targets outside the space are dropped.
 */
export function planRelations(space: SpaceSnapshot, cardId: string, related: RelatedInput[]): SpaceChange {
  const seen = new Set<string>();
  const list = related.filter((r) => {
    const ok =
      r.cardId !== cardId &&
      space.cards.has(r.cardId) &&
      cardKind(space.cards.get(r.cardId)!) === 'site' &&
      !seen.has(r.cardId);
    seen.add(r.cardId);
    return ok;
  });
  const current = space.relationsBySource.get(cardId) ?? [];
  const deleteIds = current.filter((r) => !list.some((l) => l.cardId === r.targetId)).map((r) => r._id);
  const now = new Date();
  const upserts: RelationDoc[] = list.map((r, i) => ({
    _id: relationId(cardId, r.cardId),
    ownerId: space.ownerId,
    sourceId: cardId,
    targetId: r.cardId,
    order: i,
    enabled: r.enabled,
    source: r.source,
    reason: r.reason,
    createdAt: current.find((c) => c.targetId === r.cardId)?.createdAt ?? now,
  }));
  for (const r of list.filter((x) => x.enabled)) {
    const reverse = relationId(r.cardId, cardId);
    if ((space.relationsBySource.get(r.cardId) ?? []).some((x) => x._id === reverse)) continue;
    upserts.push({
      _id: reverse,
      ownerId: space.ownerId,
      sourceId: r.cardId,
      targetId: cardId,
      order: (space.relationsBySource.get(r.cardId)?.length ?? 0) + 1,
      enabled: true,
      source: 'ai',
      reason: '',
      createdAt: now,
    });
  }
  return { upsertRelations: upserts, deleteRelations: deleteIds };
}

/** Everything that goes when cards are deleted: the cards, their memberships and relations in both directions. */
export function planCardDeletion(space: SpaceSnapshot, cardIds: string[]): DeletedItems {
  const ids = new Set(cardIds.filter((id) => space.cards.has(id)));
  const relations: RelationDoc[] = [];
  for (const r of space.relations()) if (ids.has(r.sourceId) || ids.has(r.targetId)) relations.push(r);
  return {
    tags: [],
    cards: [...ids].map((id) => space.cards.get(id)!),
    memberships: [...ids].flatMap((id) => [...(space.membershipsByCard.get(id) ?? [])]),
    relations,
  };
}

/** The change that deletes what a deletion plan names (cards, tags, memberships, relations). */
export function deletionChange(items: DeletedItems): SpaceChange {
  return {
    deleteCards: items.cards.map((c) => c._id),
    deleteTags: items.tags.map((t) => t._id),
    deleteMemberships: items.memberships.map((m) => membershipKey(m)),
    deleteRelations: items.relations.map((r) => r._id),
  };
}

/** The global order of all cards of a space, as a sequence (order, then name, then id). */
export function globalSequence(space: SpaceSnapshot, filter?: (c: CardDoc) => boolean): Ordered[] {
  return [...space.cards.values()]
    .filter((c) => !filter || filter(c))
    .sort(
      (a, b) =>
        a.globalSortOrder - b.globalSortOrder || compareText(a.name, b.name) || compareText(a._id, b._id),
    )
    .map((c) => ({ id: c._id, order: c.globalSortOrder }));
}

/** The order of the cards inside one tag. */
export function tagSequence(space: SpaceSnapshot, tagId: string): Ordered[] {
  return [...(space.membershipsByTag.get(tagId) ?? [])]
    .map((m) => ({ m, card: space.cards.get(m.cardId)! }))
    .sort(
      (a, b) =>
        a.m.order - b.m.order || compareText(a.card.name, b.card.name) || compareText(a.card._id, b.card._id),
    )
    .map(({ m }) => ({ id: m.cardId, order: m.order }));
}

/** The change that gives cards new global orders. */
export function globalOrderChange(space: SpaceSnapshot, changes: Map<string, number>): SpaceChange {
  return {
    upsertCards: [...changes].map(([id, order]) => ({ ...space.cards.get(id)!, globalSortOrder: order })),
  };
}

/** The change that gives cards new orders inside a tag. */
export function tagOrderChange(tagId: string, changes: Map<string, number>): SpaceChange {
  return { upsertMemberships: [...changes].map(([cardId, order]) => ({ tagId, cardId, order })) };
}
