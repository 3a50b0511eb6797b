import type { Actor } from '../actor';
import { randomToken } from '../auth/crypto';
import { withNoteTodos } from '../cards/note-todos';
import { notFound } from '../errors';
import { patchCard } from '../cards/card.store';
import { type SpaceChange, type SpaceSnapshot } from '../spaces/space.cache';
import { membershipKey } from '../spaces/space.change';
import { writeSpace } from '../spaces/space.write';
import { TrashModel, type DeletedItems, type RevertItems, type TrashDoc } from './trash.model';

/** How long a deletion can be undone. */
export const UNDO_WINDOW_MS = 30 * 60 * 1000;

const NOTHING_DELETED: DeletedItems = { tags: [], cards: [], memberships: [], relations: [] };

async function record(ownerId: string, items: DeletedItems, revert?: RevertItems): Promise<string> {
  const token = randomToken(18);
  const now = new Date();
  await TrashModel.create({
    _id: token,
    ownerId,
    items,
    ...(revert ? { revert } : {}),
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_WINDOW_MS),
  });
  return token;
}

/** Keeps what a deletion removed; returns the token that undoes it. */
export function recordDeletion(ownerId: string, items: DeletedItems): Promise<string> {
  return record(ownerId, items);
}

/** Keeps what a bulk edit changed in tags and pins; returns the token that undoes it. */
export function recordRevert(ownerId: string, revert: RevertItems): Promise<string> {
  return record(ownerId, NOTHING_DELETED, revert);
}

/**
 * The inverse of a bulk edit on the space as it is now: the memberships it added go (if still there), the ones it
 * removed come back at their places (if card and tag still exist), pins it changed go back. Later edits of other
 * tags and fields of those cards are left alone.
 */
function revertChange(space: SpaceSnapshot, revert: RevertItems): { change: SpaceChange; cards: number } {
  const touched = new Set<string>();
  const deleteMemberships = revert.added.map((m) => membershipKey(m)).filter((key) => space.membership(key));
  for (const key of deleteMemberships) touched.add(key.slice(key.indexOf(':') + 1));
  const upsertMemberships = revert.removed.filter(
    (m) => space.cards.has(m.cardId) && space.tagsById.has(m.tagId),
  );
  for (const m of upsertMemberships) touched.add(m.cardId);
  const upsertCards = revert.pinned.flatMap(({ cardId, pinned }) => {
    const card = space.cards.get(cardId);
    if (!card || card.siteIsPinned === pinned) return [];
    touched.add(cardId);
    return [patchCard(card, { siteIsPinned: pinned })];
  });
  return { change: { deleteMemberships, upsertMemberships, upsertCards }, cards: touched.size };
}

/**
 * Undoes a deletion (puts back what it removed) or a bulk edit of cards (reverts its tag and pin changes): only in
 * the same space, only within the undo window, once.
 */
export async function undoChange(actor: Actor, token: string): Promise<{ tags: number; cards: number }> {
  const entry = await TrashModel.findById(token).lean<TrashDoc>();
  if (!entry || entry.ownerId !== actor.userId || entry.expiresAt <= new Date())
    throw notFound('Change to undo');
  const { result } = await writeSpace(entry.ownerId, (space) => {
    if (entry.revert) {
      const { change, cards } = revertChange(space, entry.revert);
      return { change, result: { tags: 0, cards } };
    }
    const tags = entry.items.tags.filter((t) => !space.tagsById.has(t._id));
    const cards = entry.items.cards.filter((c) => !space.cards.has(c._id));
    const tagIds = new Set([...space.tagsById.keys(), ...tags.map((t) => t._id)]);
    const cardIds = new Set([...space.cards.keys(), ...cards.map((c) => c._id)]);
    const change: SpaceChange = {
      upsertTags: tags,
      upsertCards: cards,
      upsertMemberships: entry.items.memberships.filter((m) => tagIds.has(m.tagId) && cardIds.has(m.cardId)),
      upsertRelations: entry.items.relations.filter(
        (r) => cardIds.has(r.sourceId) && cardIds.has(r.targetId),
      ),
    };
    // A restored note links its sites again.
    const notes = cards.some((c) => c.cardType === 'note');
    return {
      ...(notes ? withNoteTodos(change, []) : { change }),
      result: { tags: tags.length, cards: cards.length },
    };
  });
  await TrashModel.deleteOne({ _id: token });
  return result;
}

export async function purgeExpiredTrash(): Promise<number> {
  const res = await TrashModel.deleteMany({ expiresAt: { $lte: new Date() } });
  return res.deletedCount ?? 0;
}
