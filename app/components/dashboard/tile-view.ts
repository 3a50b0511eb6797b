// What a card tile shows, derived from the API's Card shape. Pure, so the dashboard and tests share it.
import type { CardDto } from '#server/cards/card.dto';
import { noteExcerpt } from '#server/cards/markdown-text';
import { cardKind, socialTypeMeta, type CardKind } from '#server/cards/card-kinds.shared';
import { safeColour } from '#server/css/colour.shared';
import { safeHref, safeImageSrc } from '#server/urls/url-policy.shared';

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
  online: boolean | null;
  /** When the site was last checked (ISO), for site cards that are checked. */
  checkedAt: string | null;
  pinned: boolean;
  /** Social: the type's label (e.g. "GitHub") and the shown id (e.g. a QQ number). */
  socialLabel?: string;
  socialValue?: string;
  editHref: string;
  deleteHref: string;
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

export function tileView(card: CardDto, returnTo: string): TileView {
  const back = `?returnTo=${encodeURIComponent(returnTo)}`;
  const kind: TileKind = cardKind(card);
  const data = parseData(card.cardData);
  const base = {
    id: card.id,
    kind,
    name: card.name,
    iconUrl: safeImageSrc(card.iconUrl),
    iconBg: safeColour(card.iconBgColor) ?? null,
    letter: firstLetter(card.name),
    pinned: card.siteIsPinned,
    deleteHref: `/edit/cards/${encodeURIComponent(card.id)}/delete${back}`,
  };
  if (kind === 'site') {
    // Checked again here: what was stored before the URL policy existed must not become a script link.
    const href = safeHref(card.siteUrl);
    return {
      ...base,
      href: href ?? '#',
      external: href !== null,
      description: card.siteDescription ?? '',
      online: card.siteSkipOnlineCheck ? null : card.siteIsOnline,
      checkedAt: card.siteSkipOnlineCheck ? null : card.siteOnlineCheckLastRun,
      editHref: `/edit/sites/${encodeURIComponent(card.id)}${back}`,
    };
  }
  if (kind === 'note') {
    return {
      ...base,
      href: `/card/${encodeURIComponent(card.id)}`,
      external: false,
      description: noteExcerpt(card.name, String(data.content ?? '')),
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
    socialLabel: meta?.label ?? card.cardType ?? '',
    socialValue: opens ? value.replace(/^https?:\/\//, '') : value,
    editHref: `/edit/social/${encodeURIComponent(card.id)}${back}`,
  };
}
