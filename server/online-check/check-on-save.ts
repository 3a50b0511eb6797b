// A site card is checked right after it is created, or when its URL changes or its checks are switched back on
// (like the older service). The checks wait in one in-process queue and run in the background with bounded
// concurrency: saving a card never waits for a probe and never fails because of one.
import type { CardDoc } from '../cards/card.model';
import { env } from '../env';
import { logger } from '../logger';
import { getSettings } from '../settings/settings.service';
import { getSpace } from '../spaces/space.cache';
import { CHECK_CONCURRENCY, isCheckable, runCardCheck } from './online-check.service';

interface Job {
  ownerId: string;
  cardId: string;
  url: string;
}

/** Waiting checks by card id: a card saved twice before its check starts is checked once, at its latest URL. */
const waiting = new Map<string, Job>();
let running = 0;

/** Queues an online check of each of `cards` that takes part in checks; returns at once. */
export function checkSoon(ownerId: string, cards: readonly CardDoc[]): void {
  if (!env().ONLINE_CHECK_ON_SAVE) return;
  for (const card of cards) {
    if (isCheckable(card)) waiting.set(card._id, { ownerId, cardId: card._id, url: card.siteUrl });
  }
  pump();
}

function pump(): void {
  while (running < CHECK_CONCURRENCY && waiting.size > 0) {
    const [cardId, job] = waiting.entries().next().value as [string, Job];
    waiting.delete(cardId);
    running++;
    run(job)
      .catch((err: unknown) =>
        logger.warn('online-check', 'check after save failed', { cardId, error: String(err) }),
      )
      .finally(() => {
        running--;
        pump();
      });
  }
}

async function run(job: Job): Promise<void> {
  // An admin who switched online checks off gets none, on save or on schedule.
  if (!(await getSettings()).onlineCheckEnabled) return;
  // The card as it is now: it may have been deleted, changed again or excluded from checks meanwhile.
  const card = (await getSpace(job.ownerId)).cards.get(job.cardId);
  if (!card || card.siteUrl !== job.url || !isCheckable(card)) return;
  await runCardCheck(job.ownerId, card);
}
