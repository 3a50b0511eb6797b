import type { Actor } from '../actor';
import { randomToken } from '../auth/crypto';
import { CardModel } from '../cards/card.model';
import { upsertMemberships, upsertRelations } from '../cards/card.store';
import { syncNoteTodos } from '../cards/note-card.service';
import { notFound } from '../errors';
import { commitSpace, getSpace } from '../spaces/space.cache';
import { TagModel } from '../tags/tag.model';
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
  const ownerId = entry.ownerId;
  const space = await getSpace(ownerId);
  const tags = entry.items.tags.filter((t) => !space.tagsById.has(t._id));
  const cards = entry.items.cards.filter((c) => !space.cards.has(c._id));
  const tagIds = new Set([...space.tagsById.keys(), ...tags.map((t) => t._id)]);
  const cardIds = new Set([...space.cards.keys(), ...cards.map((c) => c._id)]);
  const memberships = entry.items.memberships.filter((m) => tagIds.has(m.tagId) && cardIds.has(m.cardId));
  const relations = entry.items.relations.filter((r) => cardIds.has(r.sourceId) && cardIds.has(r.targetId));
  if (tags.length) await TagModel.insertMany(tags, { ordered: false }).catch(ignoreDuplicates);
  for (let i = 0; i < cards.length; i += 50) {
    await CardModel.insertMany(cards.slice(i, i + 50), { ordered: false }).catch(ignoreDuplicates);
  }
  await upsertMemberships(ownerId, memberships);
  await upsertRelations(relations);
  await TrashModel.deleteOne({ _id: token });
  await commitSpace(ownerId, {
    upsertTags: tags,
    upsertCards: cards,
    upsertMemberships: memberships,
    upsertRelations: relations,
  });
  // A restored note links its sites again.
  if (cards.some((c) => c.cardType === 'note')) await syncNoteTodos(ownerId);
  return { tags: tags.length, cards: cards.length };
}

function ignoreDuplicates(err: unknown) {
  if ((err as { code?: number }).code !== 11000) throw err;
}

export async function purgeExpiredTrash(): Promise<number> {
  const res = await TrashModel.deleteMany({ expiresAt: { $lte: new Date() } });
  return res.deletedCount ?? 0;
}
