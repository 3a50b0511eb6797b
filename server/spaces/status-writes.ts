// Online-check results reach the card documents after their commit, off the owner's write queue.
//
// A status is an update of a card by `_id`, which FerretDB v1 answers by decoding every card of the collection
// (docs/decisions.md §24, §46): at 10,000 cards each costs more than a whole group of creates. Written inside the
// unit of work, the results of the checks that follow every save held the owner's queue and made scripted creates
// 30x slower. So a commit whose only change to a card is its status publishes it at once (the cached copies, the
// change record other instances catch up from and the space's image carry it) and leaves the card document's
// status fields to this writer: one batch at a time, the latest status of each card, after the units of work under
// way (up to 10 s) and with a rest between batches as long as the batch took, so it takes at most about half of
// the database's time, and little of it while saves keep coming. docs/decisions.md §54.
import { CardModel, type CardDoc } from '../cards/card.model';
import { BULK_CHUNK } from '../db';
import { logger } from '../logger';

/** The fields an online check writes; a card update that changes only these is deferred. */
export const STATUS_FIELDS: ReadonlySet<string> = new Set([
  'siteIsOnline',
  'siteOnlineCheckFailCount',
  'siteOnlineCheckLastRun',
  'siteOnlineCheckHistory',
]);

/** Cards per batch (each is one update, and one collection scan on FerretDB v1). */
const BATCH = 4;
const REST_MAX_MS = 2000;
/** Saves go first: while units of work keep coming, a batch waits up to this long. */
const YIELD_MAX_MS = 10_000;
let writesBusy: () => boolean = () => false;

/** Tells the writer whether units of work are under way or just were (space.write.ts): it waits for a quiet moment. */
export function yieldToWrites(busy: () => boolean): void {
  writesBusy = busy;
}

/** The latest unwritten status of each card, by card id. */
const pending = new Map<string, Record<string, unknown>>();
let writer: Promise<void> | null = null;
/** Set while the tests hold the writer (pauseStatusWrites). */
let paused: Promise<void> | null = null;

export function isStatusOnly(set: Record<string, unknown>): boolean {
  const keys = Object.keys(set);
  return keys.length > 0 && keys.every((k) => STATUS_FIELDS.has(k));
}

/** A card document with the status of `cached` instead of its own when the cached one is from a later check. */
export function withLaterStatus(doc: CardDoc, cached: CardDoc | undefined): CardDoc {
  const later = cached?.siteOnlineCheckLastRun;
  if (!later || (doc.siteOnlineCheckLastRun && doc.siteOnlineCheckLastRun >= later)) return doc;
  const out: Record<string, unknown> = { ...doc };
  for (const f of STATUS_FIELDS) out[f] = cached[f as keyof CardDoc];
  return out as unknown as CardDoc;
}

/** Queues a card's status fields for its document (a later status of the same card replaces them). */
export function deferStatus(cardId: string, set: Record<string, unknown>): void {
  pending.set(cardId, { ...pending.get(cardId), ...set });
  startWriter();
}

function startWriter(): void {
  writer ??= writeAll().finally(() => {
    writer = null;
    // A status queued after the last batch was taken, while the writer was ending.
    if (pending.size > 0) startWriter();
  });
}

/** Forgets a card's unwritten status: its document is written with the status anyway, or deleted. */
export function dropStatus(cardId: string): Record<string, unknown> | undefined {
  const set = pending.get(cardId);
  pending.delete(cardId);
  return set;
}

/** The status of a card not written to its document yet (the scheduler reads documents). */
export function pendingStatus(cardId: string): Record<string, unknown> | undefined {
  return pending.get(cardId);
}

/** Resolves once every status queued so far is written (shutdown, tests). */
export async function flushStatuses(): Promise<void> {
  while (writer) await writer;
}

/** Holds the writer until the returned function is called (tests look at what waits). */
export function pauseStatusWrites(): () => void {
  let release!: () => void;
  paused = new Promise<void>((r) => (release = r));
  return () => {
    paused = null;
    release();
  };
}

function newerThanStored(id: string, set: Record<string, unknown>): Record<string, unknown> {
  const at = set.siteOnlineCheckLastRun;
  if (!(at instanceof Date)) return { _id: id };
  return { _id: id, $or: [{ siteOnlineCheckLastRun: null }, { siteOnlineCheckLastRun: { $lte: at } }] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function writeBatch(batch: [string, Record<string, unknown>][]): Promise<void> {
  try {
    // No upsert: a card deleted meanwhile stays deleted. Never over a later result (a save may have carried one
    // while this batch was on its way).
    for (let i = 0; i < batch.length; i += BULK_CHUNK) {
      await CardModel.collection.bulkWrite(
        batch.slice(i, i + BULK_CHUNK).map(([id, set]) => ({
          updateOne: { filter: newerThanStored(id, set), update: { $set: set } },
        })) as never,
        { ordered: false },
      );
    }
  } catch (err) {
    // The cached copies, the change records and the image hold the status; the next check writes it again.
    logger.warn('online-check', 'could not write check results to the cards', {
      cards: batch.length,
      error: String(err),
    });
  }
}

/**
 * Writes the unwritten statuses of these cards now. A commit whose change record names only ids (another instance
 * took its revision) or makes every copy reload has its readers re-read the card documents: the statuses it
 * deferred must be there first, or every copy would lose them until the next check.
 */
export async function writeStatusesNow(cardIds: Iterable<string>): Promise<void> {
  const batch: [string, Record<string, unknown>][] = [];
  for (const id of cardIds) {
    const set = dropStatus(id);
    if (set) batch.push([id, set]);
  }
  if (batch.length) await writeBatch(batch);
}

async function writeAll(): Promise<void> {
  while (paused) await paused;
  while (pending.size > 0) {
    const since = performance.now();
    while (writesBusy() && performance.now() - since < YIELD_MAX_MS) await sleep(25);
    const batch = [...pending].slice(0, BATCH);
    for (const [id] of batch) pending.delete(id);
    const started = performance.now();
    await writeBatch(batch);
    if (pending.size > 0) {
      await sleep(Math.min(performance.now() - started, REST_MAX_MS));
    }
  }
}
