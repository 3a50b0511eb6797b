// Online checks of site cards: one card on request, all of a user's cards on request, and the due ones in the
// background (scheduler.ts). Each card's own settings decide how: timeout, status or keyword match, how many
// failures in a row turn it offline. Results are written through writeSpace like every other card change.
import type { Actor } from '../actor';
import type { CardDto } from '../cards/card.dto';
import type { CardDoc, CheckEntry } from '../cards/card.model';
import { requireCard } from '../cards/card.store';
import { listAllCards } from '../cards/card-view.service';
import { cardKind } from '../cards/card-kinds.shared';
import { logger } from '../logger';
import { notifyOffline } from '../notifications/notification.service';
import { getSpace } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { mapLimit } from './limit';
import type { ProbeResult, ProbeSettings } from './probe';
import { probeCached } from './url-cache';

/** Probes running at once for one batch (per app instance). */
export const CHECK_CONCURRENCY = 16;

export interface CheckOutcome {
  id: string;
  /** What this probe found. */
  online: boolean;
  cached: boolean;
  /** The card's status after the fail threshold is applied (null = not known yet). */
  siteIsOnline: boolean | null;
  reason?: string;
}

type OfflineListener = (ownerId: string, card: CardDoc) => Promise<void>;
const offlineListeners: OfflineListener[] = [notifyOffline];

/** Called when a card turns from online to offline (notifications subscribe here). */
export function onCardWentOffline(listener: OfflineListener): void {
  if (!offlineListeners.includes(listener)) offlineListeners.push(listener);
}

export function probeSettingsOf(card: CardDoc): ProbeSettings {
  return {
    timeoutSec: Math.min(30, Math.max(1, card.siteOnlineCheckTimeout || 3)),
    matchMode: card.siteOnlineCheckMatchMode === 'keyword' ? 'keyword' : 'status',
    keyword: card.siteOnlineCheckKeyword ?? '',
  };
}

/** Whether a card takes part in online checks. */
export function isCheckable(card: CardDoc): boolean {
  return cardKind(card) === 'site' && !card.siteSkipOnlineCheck && /^https?:\/\//i.test(card.siteUrl);
}

/** The card's new status fields after one probe result. */
export function nextStatus(card: CardDoc, result: ProbeResult, at: Date): Partial<CardDoc> {
  const entry: CheckEntry = { at: at.getTime(), online: result.online };
  if (!result.online && result.reason) entry.reason = result.reason.slice(0, 120);
  const siteOnlineCheckHistory = [...(card.siteOnlineCheckHistory ?? []), entry].slice(-CHECK_HISTORY);
  if (result.online) {
    return {
      siteIsOnline: true,
      siteOnlineCheckFailCount: 0,
      siteOnlineCheckLastRun: at,
      siteOnlineCheckHistory,
    };
  }
  const fails = (card.siteOnlineCheckFailCount ?? 0) + 1;
  const threshold = Math.min(10, Math.max(1, card.siteOnlineCheckFailThreshold || 1));
  return {
    siteIsOnline: fails >= threshold ? false : card.siteIsOnline,
    siteOnlineCheckFailCount: fails,
    siteOnlineCheckLastRun: at,
    siteOnlineCheckHistory,
  };
}

/** Checks kept per card (the card's menu and page show them). */
export const CHECK_HISTORY = 10;

interface PendingResult {
  cardId: string;
  url: string;
  result: ProbeResult;
  done: (card: CardDoc | null) => void;
  fail: (err: unknown) => void;
}

/** Results waiting for their owner's next write, and the owners whose write is under way. */
const pending = new Map<string, PendingResult[]>();
const writing = new Set<string>();
/**
 * Results written in one unit of work at most. Each is an update by `_id`, which FerretDB v1 answers by decoding
 * every card of the collection (about 150 ms at 5,000 cards on a busy machine, docs/decisions.md §24), so a large
 * batch would hold the owner's write queue, and the saves waiting in it, for seconds.
 */
export const WRITE_BATCH_MAX = 8;
/** After a batch, while more results wait, the writer rests as long as the batch took (at most this long). */
const REST_MAX_MS = 2000;

/**
 * Writes a probe result to the card (if it still exists with the same URL) and tells listeners of a transition.
 * Results are group-committed per owner: while one write of an owner's results is under way, the results that
 * arrive meanwhile wait and go in the next writes together (WRITE_BATCH_MAX at a time, with a rest between), so a
 * batch of checks costs a few units of work instead of one per card, and a lone check is written at once.
 */
export function recordResult(ownerId: string, cardId: string, url: string, result: ProbeResult) {
  return new Promise<CardDoc | null>((done, fail) => {
    const list = pending.get(ownerId) ?? [];
    list.push({ cardId, url, result, done, fail });
    pending.set(ownerId, list);
    if (!writing.has(ownerId)) void writeResults(ownerId);
  });
}

async function writeResults(ownerId: string): Promise<void> {
  writing.add(ownerId);
  try {
    for (let list = pending.get(ownerId); list?.length; list = pending.get(ownerId)) {
      const batch = list.splice(0, WRITE_BATCH_MAX);
      const started = performance.now();
      try {
        const cards = await writeBatch(ownerId, batch);
        batch.forEach((item, i) => item.done(cards[i]!));
      } catch (err) {
        for (const item of batch) item.fail(err);
      }
      // Status writes take at most about half of the owner's write queue (and of the database): saves go between.
      if (list.length)
        await new Promise((r) => setTimeout(r, Math.min(performance.now() - started, REST_MAX_MS)));
    }
  } finally {
    writing.delete(ownerId);
    if (!pending.get(ownerId)?.length) pending.delete(ownerId);
  }
}

/** One unit of work for a batch of results (several of one card apply in order); then the offline listeners. */
async function writeBatch(ownerId: string, batch: PendingResult[]): Promise<(CardDoc | null)[]> {
  const { result: outcome } = await writeSpace(ownerId, (space) => {
    const now = new Map<string, CardDoc>();
    const wentOffline = new Map<string, CardDoc>();
    const cards = batch.map((item) => {
      const card = now.get(item.cardId) ?? space.cards.get(item.cardId);
      if (!card || card.siteUrl !== item.url) return null;
      const updated: CardDoc = { ...card, ...nextStatus(card, item.result, new Date()) };
      now.set(card._id, updated);
      if (card.siteIsOnline === true && updated.siteIsOnline === false) wentOffline.set(card._id, updated);
      else if (updated.siteIsOnline !== false) wentOffline.delete(card._id);
      return updated;
    });
    return now.size
      ? { change: { upsertCards: [...now.values()] }, result: { cards, wentOffline } }
      : {
          result: { cards, wentOffline },
        };
  });
  for (const card of outcome.wentOffline.values()) {
    if (!card.siteOfflineNotify) continue;
    for (const listener of offlineListeners) {
      await listener(ownerId, card).catch((err: unknown) =>
        logger.warn('online-check', 'offline listener failed', { cardId: card._id, error: String(err) }),
      );
    }
  }
  return outcome.cards;
}

/** Probes one card and records the result. */
export async function runCardCheck(ownerId: string, card: CardDoc): Promise<CheckOutcome> {
  const { result, cached } = await probeCached(card.siteUrl, probeSettingsOf(card));
  const updated = await recordResult(ownerId, card._id, card.siteUrl, result);
  return {
    id: card._id,
    online: result.online,
    cached,
    siteIsOnline: updated ? updated.siteIsOnline : null,
    ...(result.reason ? { reason: result.reason } : {}),
  };
}

/** Checks one of the caller's site cards now (`check-online-single`). */
export async function checkCardOnline(actor: Actor, cardId: string): Promise<CheckOutcome> {
  const card = requireCard(await getSpace(actor.userId), cardId, 'site');
  return runCardCheck(actor.userId, card);
}

/** Checks all of the caller's site cards that take part in checks (`check-online`); answers how many. */
export async function checkMyCards(
  actor: Actor,
): Promise<{ checked: number; online: number; offline: number }> {
  const space = await getSpace(actor.userId);
  const cards = [...space.cards.values()].filter(isCheckable);
  const outcomes = await mapLimit(cards, CHECK_CONCURRENCY, (card) => runCardCheck(actor.userId, card));
  const online = outcomes.filter((o) => o.online).length;
  return { checked: outcomes.length, online, offline: outcomes.length - online };
}

/** The caller's checked site cards that are offline, in dashboard order (the "dead links" view). */
export async function listOfflineCards(actor: Actor): Promise<CardDto[]> {
  return (await listAllCards(actor)).filter(
    (c) => c.cardType === null && !c.siteSkipOnlineCheck && c.siteIsOnline === false,
  );
}
