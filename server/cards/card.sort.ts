// Display order of card lists, shared by the navigation lists, the dashboard and the management endpoints.
import { compareText, type SpaceSnapshot } from '../spaces/space.cache';
import type { CardDoc } from './card.model';
import { cardKind } from './card-kinds.shared';
import { VIRTUAL_NOTE_TAG, VIRTUAL_SOCIAL_TAG, VIRTUAL_TAG_IDS } from './card-kinds.shared';

/** `all` cards, the cards of one real tag, or one of the virtual tags (all social / all note cards). */
export type ListScope = 'all' | string;

export function isVirtualTag(id: string): boolean {
  return (VIRTUAL_TAG_IDS as readonly string[]).includes(id);
}

/** The sort key of a card in a list: pinned first, then its order (global or in-tag), then name, then id. */
export type SortKey = [pinned: 0 | 1, order: number, name: string, id: string];

export function compareKeys(a: SortKey, b: SortKey): number {
  return a[0] - b[0] || a[1] - b[1] || compareText(a[2], b[2]) || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0);
}

export function sortKey(space: SpaceSnapshot, card: CardDoc, scope: ListScope): SortKey {
  let order = card.globalSortOrder;
  if (scope !== 'all' && !isVirtualTag(scope)) {
    order = space.membershipsByCard.get(card._id)?.find((m) => m.tagId === scope)?.order ?? order;
  }
  return [card.siteIsPinned ? 0 : 1, order, card.name, card._id];
}

/** Cards of a scope in display order (memoised per snapshot). */
export function sortedCards(space: SpaceSnapshot, scope: ListScope): CardDoc[] {
  return space.derive(`sorted:${scope}`, () => {
    let cards: CardDoc[];
    if (scope === 'all') cards = [...space.cards.values()];
    else if (scope === VIRTUAL_SOCIAL_TAG)
      cards = [...space.cards.values()].filter((c) => cardKind(c) === 'social');
    else if (scope === VIRTUAL_NOTE_TAG)
      cards = [...space.cards.values()].filter((c) => cardKind(c) === 'note');
    else
      cards = (space.membershipsByTag.get(scope) ?? [])
        .map((m) => space.cards.get(m.cardId)!)
        .filter(Boolean);
    const keyed = cards.map((c) => ({ c, k: sortKey(space, c, scope) }));
    keyed.sort((a, b) => compareKeys(a.k, b.k));
    return keyed.map((x) => x.c);
  });
}

/**
 * Where a card created one at a time goes: `end` (after every card, and after a tag's cards when it joins one) is
 * what the API and MCP do, as the older service did (compat §1: `max + 1`); `first` is what the pages do, so the card
 * someone just added is on the first page (docs/decisions.md §63).
 */
export type Placement = 'first' | 'end';

/** The global order a new card takes: before every other card (`first`) or after all of them (`end`). */
export function newGlobalOrder(space: SpaceSnapshot, placement: Placement): number {
  return placement === 'first' ? firstGlobalOrder(space) : space.maxGlobalOrder() + 1;
}

/**
 * The global order that puts a card before every other (docs/decisions.md §63: a card added by hand goes first;
 * pinned cards still come before it). Memoised per snapshot, like the sorted lists.
 */
export function firstGlobalOrder(space: SpaceSnapshot): number {
  return space.derive('first-order', () => {
    let min = Infinity;
    for (const c of space.cards.values()) if (c.globalSortOrder < min) min = c.globalSortOrder;
    return min === Infinity ? 0 : min - 1;
  });
}

/** The order inside a tag that puts a card before the tag's other cards. */
export function firstOrderInTag(space: SpaceSnapshot, tagId: string): number {
  let min = Infinity;
  for (const m of space.membershipsByTag.get(tagId) ?? []) if (m.order < min) min = m.order;
  return min === Infinity ? 0 : min - 1;
}
