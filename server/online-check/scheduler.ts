// Background checks: every minute each instance looks for site cards whose check is due in the current slot of
// their frequency (5 min, 1 h, 1 d; daily slots start at the admin's `onlineCheckTime` hour, UTC) and claims each
// with a lease insert. With several instances the lease makes each check run once. A card becomes due only when a
// slot of its frequency begins, so a minute asks only for the cards of the frequencies whose slot began since the
// last (an equality the store answers from the documents it holds, without reading every card); the first minute
// after a start asks for all of them, to catch up on slots that began while the process was down.
import { isDuplicateKeyError } from '../db';
import { CardModel, cardFromStored, type CardDoc, type CheckFrequency } from '../cards/card.model';
import { logger } from '../logger';
import { getSettings } from '../settings/settings.service';
import { CheckLeaseModel } from './lease.model';
import { mapLimit } from './limit';
import { CHECK_CONCURRENCY, isCheckable, runCardCheck } from './online-check.service';

const MINUTE = 60_000;
const FREQUENCY_MS: Record<CheckFrequency, number> = {
  '5min': 5 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 1440 * MINUTE,
};

/** Start of the slot `now` falls in, for a frequency; daily slots are shifted to `dailyHour` (UTC). */
export function slotStart(frequency: CheckFrequency, now: number, dailyHour: number): number {
  const every = FREQUENCY_MS[frequency] ?? FREQUENCY_MS['1d'];
  const offset = frequency === '1d' ? dailyHour * 60 * MINUTE : 0;
  return Math.floor((now - offset) / every) * every + offset;
}

async function claim(cardId: string, slot: number): Promise<boolean> {
  try {
    await CheckLeaseModel.collection.insertOne({ _id: `${cardId}:${slot}`, at: new Date() } as never);
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

const FREQUENCIES = Object.keys(FREQUENCY_MS) as CheckFrequency[];

/** The frequencies with a slot that began after `since`, up to `now`: only their cards can have become due. */
export function startedSlots(since: number, now: number, dailyHour: number): CheckFrequency[] {
  return FREQUENCIES.filter((f) => slotStart(f, now, dailyHour) > since);
}

/**
 * Runs the checks due at `now` (of the given frequencies) that no other instance claimed; answers how many this
 * instance ran.
 */
export async function runDueChecks(
  now = Date.now(),
  frequencies: readonly CheckFrequency[] = FREQUENCIES,
): Promise<{ due: number; ran: number }> {
  const settings = await getSettings();
  if (!settings.onlineCheckEnabled) return { due: 0, ran: 0 };
  const cards: CardDoc[] = [];
  for (const siteOnlineCheckFrequency of frequencies) {
    const found = await CardModel.find({
      siteOnlineCheckFrequency,
      cardType: null,
      siteSkipOnlineCheck: { $ne: true },
    }).lean<CardDoc[]>();
    // A loop, not push(...found): spreading 100,000 cards as arguments overflows the stack.
    for (const doc of found) cards.push(cardFromStored(doc));
  }
  const due = cards
    .filter(isCheckable)
    .map((card) => ({ card, slot: slotStart(card.siteOnlineCheckFrequency, now, settings.onlineCheckTime) }))
    .filter(({ card, slot }) => !card.siteOnlineCheckLastRun || card.siteOnlineCheckLastRun.getTime() < slot);
  let ran = 0;
  await mapLimit(due, CHECK_CONCURRENCY, async ({ card, slot }) => {
    if (!(await claim(card._id, slot))) return;
    ran++;
    await runCardCheck(card.ownerId, card).catch((err: unknown) =>
      logger.warn('online-check', 'check failed', { cardId: card._id, error: String(err) }),
    );
  });
  return { due: due.length, ran };
}

/** Leases older than the longest slot are no longer needed. */
export async function purgeOldLeases(): Promise<void> {
  await CheckLeaseModel.deleteMany({ at: { $lt: new Date(Date.now() - 2 * FREQUENCY_MS['1d']) } });
}

let timer: NodeJS.Timeout | undefined;
let running = false;

/** Starts the background checks (not under NODE_ENV=test: tests call runDueChecks themselves). */
export function startOnlineChecks(): void {
  if (timer || process.env.NODE_ENV === 'test') return;
  let since = -Infinity;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = Date.now();
    getSettings()
      .then((settings) => runDueChecks(now, startedSlots(since, now, settings.onlineCheckTime)))
      .then(() => (since = now))
      .catch((err: unknown) => logger.warn('online-check', 'scheduled checks failed', { error: String(err) }))
      .finally(() => (running = false));
  }, MINUTE);
  timer.unref();
}

export function stopOnlineChecks(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
