// Deleting cards: the one path for every kind and every caller (API, pages, MCP). It knows each kind's cleanup:
// a deleted note takes the todos it kept on linked sites with it, and every deletion can be undone for a while.
import type { Actor } from '../actor';
import { logger } from '../logger';
import type { SpaceSnapshot } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { recordDeletion } from '../trash/trash.service';
import type { CardDoc } from './card.model';
import { deletionChange, planCardDeletion, requireCard } from './card.store';
import { cardKind } from './card-kinds.shared';
import { withNoteTodos } from './note-todos';

/**
 * Work to do after cards were deleted and the deletion committed (e.g. files a kind of card owns). Hooks run in
 * the order registered; a failing hook is logged and does not undo the deletion. Mind that the deletion may still
 * be undone (trash.service, UNDO_WINDOW_MS): keep what an undo needs until then.
 */
export type CardCleanup = (ownerId: string, cards: CardDoc[]) => Promise<void>;
const cleanups: CardCleanup[] = [];
export function onCardsDeleted(hook: CardCleanup): void {
  cleanups.push(hook);
}

export interface RemovedCards {
  undoToken: string;
  deleted: number;
  /** Site cards whose note todos changed because notes went. */
  affectedCardIds: string[];
  cards: CardDoc[];
}

/** Deletes the cards `select` picks from the caller's space (it may throw not_found), as one unit of work. */
export async function removeCards(
  actor: Actor,
  select: (space: SpaceSnapshot) => string[],
): Promise<RemovedCards> {
  const { result } = await writeSpace(actor.userId, async (space) => {
    const items = planCardDeletion(space, select(space));
    const change = deletionChange(items);
    const affectedCardIds: string[] = [];
    const undoToken = await recordDeletion(actor.userId, items);
    return {
      ...(items.cards.some((c) => cardKind(c) === 'note')
        ? withNoteTodos(change, affectedCardIds)
        : { change }),
      result: { undoToken, deleted: items.cards.length, affectedCardIds, cards: items.cards },
    };
  });
  for (const hook of cleanups) {
    await hook(actor.userId, result.cards).catch((err: unknown) =>
      logger.warn('cards', 'cleanup after deletion failed', { error: String(err) }),
    );
  }
  return result;
}

/**
 * Deletes one of the caller's cards, of any kind, with that kind's cleanup. Returns the icon asset the client may
 * clean up, an undo token, and the site cards whose note todos changed.
 */
export async function deleteCard(
  actor: Actor,
  id: string,
): Promise<{ iconAssetId: string | null; undoToken: string; affectedCardIds: string[] }> {
  const { cards, undoToken, affectedCardIds } = await removeCards(actor, (space) => [
    requireCard(space, id)._id,
  ]);
  const asset = /^\/api\/assets\/([^/]+)\/file$/.exec(cards[0]?.iconUrl ?? '')?.[1] ?? null;
  return { iconAssetId: asset, undoToken, affectedCardIds };
}
