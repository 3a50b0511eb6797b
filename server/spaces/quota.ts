// Per-user quotas on a data space, checked inside units of work (so concurrent writes cannot overshoot them).
import { AppError } from '../errors';
import { getQuotas } from '../settings/settings.service';
import { cardBytes, type SpaceChange, type SpaceSnapshot } from './space.snapshot';

/** Refuses a change that would take the space past the cards, tags or bytes quota (403 `quota_exceeded`). */
export async function assertQuota(space: SpaceSnapshot, change: SpaceChange): Promise<void> {
  const q = await getQuotas();
  const newCards = (change.upsertCards ?? []).filter((c) => !space.cards.has(c._id));
  const newTags = (change.upsertTags ?? []).filter((t) => !space.tagsById.has(t._id)).length;
  if (newCards.length && space.size + newCards.length > q.quotaCards)
    throw new AppError('quota_exceeded', `This account may hold at most ${q.quotaCards} cards`, {
      quota: 'cards',
      limit: q.quotaCards,
      used: space.size,
    });
  if (newTags && space.tags.length + newTags > q.quotaTags)
    throw new AppError('quota_exceeded', `This account may hold at most ${q.quotaTags} tags`, {
      quota: 'tags',
      limit: q.quotaTags,
      used: space.tags.length,
    });
  let grow = 0;
  for (const c of change.upsertCards ?? []) {
    const old = space.cards.get(c._id);
    grow += cardBytes(c) - (old ? cardBytes(old) : 0);
  }
  if (grow > 0 && space.bytes + grow > q.quotaBytes)
    throw new AppError('quota_exceeded', `This account may store at most ${q.quotaBytes} bytes of cards`, {
      quota: 'bytes',
      limit: q.quotaBytes,
      used: space.bytes,
    });
}
