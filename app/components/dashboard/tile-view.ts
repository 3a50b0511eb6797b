// What a card tile shows, derived from the API's Card shape. Pure, so the dashboard and tests share it.
import { onlineState, type OnlineState } from '#server/online-check/online-state.shared';
import type { CardDto } from '#server/cards/card.dto';
import { notePreview } from '#server/cards/markdown-text';
import {
  cardKind,
  shownCardName,
  socialTypeMeta,
  type CardKind,
  type SocialTypeLabel,
} from '#server/cards/card-kinds.shared';
import { safeColour } from '#server/css/colour.shared';
import { shownSiteIcon } from '#server/site-icons/icon-src.shared';
import { safeHref, safeImageSrc } from '#server/urls/url-policy.shared';
import { cardDeleteAction } from '~/lib/editor-links';

export type TileKind = CardKind;

export interface TileView {
  id: string;
  kind: TileKind;
  name: string;
  href: string;
  external: boolean;
  description: string;
  iconUrl: string | null;
  iconBg: string | null;
  letter: string;
  /** What the online checks say (the same rule as the card's menu and the dead-links view). */
  online: OnlineState | null;
  /** When the site was last checked (ISO), for site cards that are checked. */
  checkedAt: string | null;
  pinned: boolean;
  /** Social: the type's label (e.g. "GitHub") and the shown id (e.g. a QQ number). */
  socialLabel?: string;
  socialValue?: string;
  /** Social: the glyph that stands for the type beside the value (a link, an address, an id to look up). */
  socialGlyph?: 'link' | 'mail' | 'id';
  editHref: string;
  /** Where the card's Delete button posts (no confirmation page: the toast's Undo brings the card back). */
  deleteAction: string;
  /** Site cards: their menu's page (the popover's source with JavaScript). */
  menuHref: string | null;
  /** The card's tags (shown in the "all" view). */
  tags: string[];
}

function firstLetter(name: string): string {
  const c = name.trim().codePointAt(0);
  return c ? String.fromCodePoint(c).toUpperCase() : '?';
}

function parseData(json: string | null): Record<string, unknown> {
  try {
    return json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A note's title and preview text (an untitled note is titled by its first line, which the preview skips). */
function noteView(card: Pick<CardDto, 'cardData'>) {
  const data = parseData(card.cardData);
  return notePreview(String(data.title ?? ''), String(data.content ?? ''));
}

/** The name a card goes by on every page: social defaults in the page's language, notes by their first line. */
export function cardDisplayName(
  card: Pick<CardDto, 'name' | 'cardType' | 'cardData'>,
  label: SocialTypeLabel,
) {
  if (cardKind(card) === 'note') return noteView(card).title || card.name;
  return shownCardName(card, label);
}

/**
 * `label` names social types in the page's language (default names follow it too); `iconService` is the admin's
 * external icon service ('' = site icons from our own origin, see server/site-icons/icon-src.shared.ts).
 */
export function tileView(
  card: CardDto,
  returnTo: string,
  label: SocialTypeLabel,
  iconService = '',
): TileView {
  const back = `?returnTo=${encodeURIComponent(returnTo)}`;
  const kind: TileKind = cardKind(card);
  const data = parseData(card.cardData);
  const note = kind === 'note' ? noteView(card) : null;
  const name = note?.title || shownCardName(card, label);
  const base = {
    id: card.id,
    kind,
    name,
    iconUrl: safeImageSrc(card.iconUrl),
    iconBg: safeColour(card.iconBgColor) ?? null,
    letter: firstLetter(name),
    pinned: card.siteIsPinned,
    menuHref: null,
    tags: card.tags.map((t) => t.name),
    deleteAction: cardDeleteAction(card.id),
  };
  if (kind === 'site') {
    // Checked again here: what was stored before the URL policy existed must not become a script link.
    const href = safeHref(card.siteUrl);
    return {
      ...base,
      iconUrl: shownSiteIcon(card.iconUrl, card.siteUrl, iconService),
      href: href ?? '#',
      external: href !== null,
      description: card.siteDescription ?? '',
      online: onlineState(card),
      checkedAt: card.siteSkipOnlineCheck ? null : card.siteOnlineCheckLastRun,
      editHref: `/edit/sites/${encodeURIComponent(card.id)}${back}`,
      menuHref: `/card/${encodeURIComponent(card.id)}${back}`,
    };
  }
  if (kind === 'note') {
    return {
      ...base,
      href: `/card/${encodeURIComponent(card.id)}`,
      external: false,
      description: note?.text ?? '',
      online: null,
      checkedAt: null,
      editHref: `/edit/notes/${encodeURIComponent(card.id)}${back}`,
    };
  }
  const meta = socialTypeMeta(card.cardType ?? '');
  const value = meta ? String(data[meta.idField] ?? '') : '';
  const link = meta?.opensUrl ? safeHref(value) : null;
  const opens = link !== null;
  return {
    ...base,
    iconBg: safeColour(card.iconBgColor) ?? meta?.color ?? null,
    href: link ?? `/card/${encodeURIComponent(card.id)}`,
    external: opens,
    description: card.socialHint ?? '',
    online: null,
    checkedAt: null,
    socialLabel: meta ? label(meta.type) : (card.cardType ?? ''),
    socialGlyph: meta?.type === 'email' ? 'mail' : meta?.opensUrl ? 'link' : 'id',
    socialValue: opens ? value.replace(/^https?:\/\//, '') : value,
    editHref: `/edit/social/${encodeURIComponent(card.id)}${back}`,
  };
}
