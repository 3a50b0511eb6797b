import type { Actor } from '../actor';
import { randomToken } from '../auth/crypto';
import { planNoteTodos } from '../cards/note-todos';
import { notFound } from '../errors';
import { mergeChanges, type SpaceChange } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { TrashModel, type DeletedItems, type TrashDoc } from './trash.model';

/** How long a deletion can be undone. */
export const UNDO_WINDOW_MS = 30 * 60 * 1000;

/** Keeps what a deletion removed; returns the token that undoes it. */
export async function recordDeletion(ownerId: string, items: DeletedItems): Promise<string> {
  const token = randomToken(18);
  const now = new Date();
  await TrashModel.create({
    _id: token,
    ownerId,
    items,
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNDO_WINDOW_MS),
  });
  return token;
}

/** Puts back what a deletion removed (only into the same space, only within the undo window). */
export async function undoDeletion(actor: Actor, token: string): Promise<{ tags: number; cards: number }> {
  const entry = await TrashModel.findById(token).lean<TrashDoc>();
  if (!entry || entry.ownerId !== actor.userId || entry.expiresAt <= new Date())
    throw notFound('Deletion to undo');
  const { result } = await writeSpace(entry.ownerId, (space) => {
    const tags = entry.items.tags.filter((t) => !space.tagsById.has(t._id));
    const cards = entry.items.cards.filter((c) => !space.cards.has(c._id));
    const tagIds = new Set([...space.tagsById.keys(), ...tags.map((t) => t._id)]);
    const cardIds = new Set([...space.cards.keys(), ...cards.map((c) => c._id)]);
    let change: SpaceChange = {
      upsertTags: tags,
      upsertCards: cards,
      upsertMemberships: entry.items.memberships.filter((m) => tagIds.has(m.tagId) && cardIds.has(m.cardId)),
      upsertRelations: entry.items.relations.filter(
        (r) => cardIds.has(r.sourceId) && cardIds.has(r.targetId),
      ),
    };
    // A restored note links its sites again.
    if (cards.some((c) => c.cardType === 'note'))
      change = mergeChanges(change, planNoteTodos(space.with(change, space.rev)));
    return { change, result: { tags: tags.length, cards: cards.length } };
  });
  await TrashModel.deleteOne({ _id: token });
  return result;
}

export async function purgeExpiredTrash(): Promise<number> {
  const res = await TrashModel.deleteMany({ expiresAt: { $lte: new Date() } });
  return res.deletedCount ?? 0;
}
