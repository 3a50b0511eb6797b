// What the online checks say of a site card, read the same way by every page that shows it: the tile's dot, the
// card's menu and the dead-links view. Browser-safe: a pure rule over the card's stored status fields.

/** `failing`: the last check failed, but fewer times in a row than the card's threshold for "offline". */
export type OnlineStatus = 'online' | 'failing' | 'offline';

export interface OnlineState {
  status: OnlineStatus;
  /** Failed checks in a row. */
  failures: number;
  /** Failed checks in a row that make the site offline. */
  threshold: number;
}

export interface CheckedFields {
  cardType: string | null;
  siteSkipOnlineCheck: boolean;
  siteIsOnline: boolean | null;
  siteOnlineCheckFailCount?: number | null;
  siteOnlineCheckFailThreshold?: number | null;
}

/** The card's threshold as the checks apply it (1 to 10, 1 when unset). */
export function failThreshold(card: Pick<CheckedFields, 'siteOnlineCheckFailThreshold'>): number {
  return Math.min(10, Math.max(1, card.siteOnlineCheckFailThreshold || 1));
}

/** The card's online state, or null when it has none (not a site, checks off, never checked). */
export function onlineState(card: CheckedFields): OnlineState | null {
  if (card.cardType || card.siteSkipOnlineCheck) return null;
  const failures = card.siteOnlineCheckFailCount ?? 0;
  const threshold = failThreshold(card);
  if (card.siteIsOnline === false) return { status: 'offline', failures, threshold };
  if (failures > 0) return { status: 'failing', failures, threshold };
  if (card.siteIsOnline === true) return { status: 'online', failures, threshold };
  return null;
}

/** Whether the dead-links view lists the card: its last check failed (offline, or on the way there). */
export function isDeadLink(card: CheckedFields): boolean {
  const state = onlineState(card);
  return state !== null && state.status !== 'online';
}
