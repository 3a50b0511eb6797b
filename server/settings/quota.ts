// Per-user quotas on a data space, set by administrators (settings.service.ts) and checked by the plans inside units
// of work (so concurrent writes cannot overshoot them).
import { AppError } from '../errors';
import { getQuotas } from './settings.service';
import { cardBytes, type SpaceChange, type SpaceSnapshot } from '../spaces/space.snapshot';

export type QuotaKind = 'cards' | 'tags' | 'bytes';

/** The refusal of anything that would take an account past a quota: 403 `quota_exceeded`. */
export function quotaExceeded(
  quota: QuotaKind,
  limit: number,
  details: Record<string, unknown> = {},
  message = quota === 'bytes'
    ? `This account may store at most ${limit} bytes of cards`
    : `This account may hold at most ${limit} ${quota}`,
): AppError {
  return new AppError('quota_exceeded', message, { quota, limit, ...details });
}

/**
 * Refuses a change that would take the space past the cards, tags or bytes quota (403 `quota_exceeded`). What the
 * change deletes makes room: a clean import replaces the space, it does not add to it.
 */
export async function assertQuota(space: SpaceSnapshot, change: SpaceChange): Promise<void> {
  const q = await getQuotas();
  const upserted = new Set((change.upsertCards ?? []).map((c) => c._id));
  const removedCards = (change.deleteCards ?? []).filter((id) => space.cards.has(id) && !upserted.has(id));
  const newCards = (change.upsertCards ?? []).filter((c) => !space.cards.has(c._id));
  const upsertedTags = new Set((change.upsertTags ?? []).map((t) => t._id));
  const removedTags = (change.deleteTags ?? []).filter(
    (id) => space.tagsById.has(id) && !upsertedTags.has(id),
  ).length;
  const newTags = (change.upsertTags ?? []).filter((t) => !space.tagsById.has(t._id)).length;
  if (newCards.length && space.size - removedCards.length + newCards.length > q.quotaCards)
    throw quotaExceeded('cards', q.quotaCards, { used: space.size });
  if (newTags && space.tags.length - removedTags + newTags > q.quotaTags)
    throw quotaExceeded('tags', q.quotaTags, { used: space.tags.length });
  let grow = 0;
  for (const c of change.upsertCards ?? []) {
    const old = space.cards.get(c._id);
    grow += cardBytes(c) - (old ? cardBytes(old) : 0);
  }
  for (const id of removedCards) grow -= cardBytes(space.cards.get(id)!);
  if (grow > 0 && space.bytes + grow > q.quotaBytes)
    throw quotaExceeded('bytes', q.quotaBytes, { used: space.bytes });
}
