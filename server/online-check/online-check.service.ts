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
import { failThreshold, isDeadLink } from './online-state.shared';
import type { ProbeResult, ProbeSettings } from './probe';
import { probeCached } from './url-cache';
import { onlineCheckResults } from '../metrics/metrics';

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
  return {
    siteIsOnline: fails >= failThreshold(card) ? false : card.siteIsOnline,
    siteOnlineCheckFailCount: fails,
    siteOnlineCheckLastRun: at,
    siteOnlineCheckHistory,
  };
}

/** Checks kept per card (the card's menu and page show them). */
export const CHECK_HISTORY = 10;

/**
 * Writes a probe result to the card (if it still exists with the same URL) as a unit of work, and tells listeners
 * of a transition. Results that arrive together are written together: the space's writer commits the units
 * queued meanwhile as one group (several results of one card apply in order).
 */
export async function recordResult(
  ownerId: string,
  cardId: string,
  url: string,
  result: ProbeResult,
): Promise<CardDoc | null> {
  const { result: outcome } = await writeSpace<{ card: CardDoc | null; wentOffline: boolean }>(
    ownerId,
    (space) => {
      const card = space.cards.get(cardId);
      if (!card || card.siteUrl !== url) return { result: { card: null, wentOffline: false } };
      const updated: CardDoc = { ...card, ...nextStatus(card, result, new Date()) };
      const wentOffline = card.siteIsOnline === true && updated.siteIsOnline === false;
      return { change: { upsertCards: [updated] }, result: { card: updated, wentOffline } };
    },
  );
  const { card, wentOffline } = outcome;
  if (card) onlineCheckResults.inc({ result: card.siteIsOnline ? 'online' : 'offline' });
  if (card && wentOffline && card.siteOfflineNotify) {
    for (const listener of offlineListeners) {
      await listener(ownerId, card).catch((err: unknown) =>
        logger.warn('online-check', 'offline listener failed', { cardId: card._id, error: String(err) }),
      );
    }
  }
  return card;
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

/**
 * The caller's site cards whose last check failed, offline or not yet (below their threshold), in dashboard order:
 * the "dead links" view. The same rule (`onlineState`) draws the tiles' dots and the cards' menus, so the view
 * lists every card whose menu shows a failed last check.
 */
export async function listOfflineCards(actor: Actor): Promise<CardDto[]> {
  return (await listAllCards(actor)).filter(isDeadLink);
}
