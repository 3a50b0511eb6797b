// Bulk edits of cards (docs/decisions.md §67): many cards moved to a tag, tagged, untagged, pinned or deleted as one
// unit of work, undone as one. The dashboard's selection bar, `POST /api/cards/bulk` and `bulk_update_cards` call it.
import type { Actor } from '../actor';
import { badRequest, notFound } from '../errors';
import { assertQuota } from '../settings/quota';
import type { Membership, SpaceChange, SpaceSnapshot } from '../spaces/space.cache';
import { membershipKey } from '../spaces/space.change';
import { writeSpace } from '../spaces/space.write';
import { recordRevert } from '../trash/trash.service';
import type { RevertItems } from '../trash/trash.model';
import { removeCards } from './card-delete.service';
import type { CardDoc } from './card.model';
import { MAX_CARD_TAGS } from './card.schema';
import { patchCard } from './card.store';
import { cardKind } from './card-kinds.shared';
import type { BulkCardsInput, BulkCardsResult } from './card-bulk.schema';

/** Every id must name a card of this space: one foreign or unknown id refuses the whole request. */
function requireAll(space: SpaceSnapshot, ids: string[]): CardDoc[] {
  return ids.map((id) => {
    const card = space.cards.get(id);
    if (!card) throw notFound(`Card ${id}`);
    return card;
  });
}

function requireRealTag(space: SpaceSnapshot, id: string | undefined, what: string): string {
  if (!id || !space.tagsById.has(id)) throw notFound(what);
  return id;
}

interface Plan {
  change: SpaceChange;
  revert: RevertItems;
  changedIds: string[];
  skippedIds: string[];
}

/** Pins or unpins the cards (any kind) whose pin differs. */
function planPin(cards: CardDoc[], pinned: boolean): Plan {
  const flip = cards.filter((c) => c.siteIsPinned !== pinned);
  return {
    change: { upsertCards: flip.map((c) => patchCard(c, { siteIsPinned: pinned })) },
    revert: { added: [], removed: [], pinned: flip.map((c) => ({ cardId: c._id, pinned: !pinned })) },
    changedIds: flip.map((c) => c._id),
    skippedIds: [],
  };
}

/**
 * Adds, removes or moves site cards' memberships. Cards join a tag after its cards, in the order given; a card that
 * leaves a tag and comes back on undo gets its old place.
 */
function planTags(space: SpaceSnapshot, cards: CardDoc[], input: BulkCardsInput): Plan {
  const target = requireRealTag(space, input.tagId, 'Tag');
  const from =
    input.op === 'move' && input.fromTagId
      ? requireRealTag(space, input.fromTagId, 'Tag to move from')
      : null;
  const added: Membership[] = [];
  const removed: Membership[] = [];
  const changedIds: string[] = [];
  const skippedIds: string[] = [];
  let next = space.maxOrderInTag(target) + 1;
  for (const card of cards) {
    // Social and note cards live in their virtual tags only.
    if (cardKind(card) !== 'site') {
      skippedIds.push(card._id);
      continue;
    }
    const current = space.membershipsByCard.get(card._id) ?? [];
    const inTarget = current.some((m) => m.tagId === target);
    const leaving =
      input.op === 'removeTag'
        ? current.filter((m) => m.tagId === target)
        : input.op === 'move'
          ? current.filter((m) => m.tagId !== target && (from === null || m.tagId === from))
          : [];
    const joins = input.op !== 'removeTag' && !inTarget;
    if (joins && current.length - leaving.length >= MAX_CARD_TAGS)
      throw badRequest(`A card may be in at most ${MAX_CARD_TAGS} tags`, { cardId: card._id });
    if (!joins && !leaving.length) continue;
    removed.push(...leaving);
    if (joins) added.push({ tagId: target, cardId: card._id, order: next++ });
    changedIds.push(card._id);
  }
  return {
    change: { upsertMemberships: added, deleteMemberships: removed.map((m) => membershipKey(m)) },
    revert: { added: added.map(({ tagId, cardId }) => ({ tagId, cardId })), removed, pinned: [] },
    changedIds,
    skippedIds,
  };
}

/**
 * Applies one operation to many of the caller's cards as one unit of work: all of them or none (an unknown or
 * another user's id refuses the request with 404, a missing tag too). Returns what changed and an undo token.
 */
export async function bulkUpdateCards(actor: Actor, input: BulkCardsInput): Promise<BulkCardsResult> {
  if (input.op === 'delete') {
    const { undoToken, cards } = await removeCards(actor, (space) =>
      requireAll(space, input.ids).map((c) => c._id),
    );
    return { ok: true, op: input.op, changedIds: cards.map((c) => c._id), skippedIds: [], undoToken };
  }
  type Outcome = Omit<BulkCardsResult, 'ok' | 'op'>;
  const { result } = await writeSpace<Outcome>(actor.userId, async (space) => {
    const cards = requireAll(space, input.ids);
    const plan =
      input.op === 'pin' || input.op === 'unpin'
        ? planPin(cards, input.op === 'pin')
        : planTags(space, cards, input);
    const { changedIds, skippedIds } = plan;
    if (!changedIds.length) return { result: { changedIds, skippedIds, undoToken: null } };
    await assertQuota(space, plan.change);
    const undoToken = await recordRevert(actor.userId, plan.revert);
    return { change: plan.change, result: { changedIds, skippedIds, undoToken } };
  });
  return { ok: true, op: input.op, ...result };
}
