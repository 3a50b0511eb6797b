// A site card for its own page (/card/<id>) and the card menu on the dashboard, which is that page's menu section.
import { ADMIN_ID, type Actor } from '../actor';
import { getSpace } from '../spaces/space.cache';
import { cardKind } from './card-kinds.shared';
import { toCard, type CardDto } from './card.dto';
import { sortedCards } from './card.sort';
import { getSettings } from '../settings/settings.service';
import { toVisitorCard, visitorMaySee } from './visitor-view';

export interface SiteCardView {
  card: CardDto;
  /** The viewer owns the card: alternate URLs, memo and todos are theirs to see, and the quick actions apply. */
  owner: boolean;
}

/**
 * A site card as the viewer may see it: the owner's own card in full, or a card of the public (administrator's)
 * space through the visitor projection. Both are read from cached spaces, so opening a menu costs no query.
 */
export async function getSiteCardView(actor: Actor | null, id: string): Promise<SiteCardView | null> {
  if (actor) {
    const own = await getSpace(actor.userId);
    const doc = own.cards.get(id);
    if (doc) return cardKind(doc) === 'site' ? { card: toCard(doc, own), owner: true } : null;
  }
  const space = await getSpace(ADMIN_ID);
  const doc = space.cards.get(id);
  if (!doc || cardKind(doc) !== 'site' || !visitorMaySee(space)(doc)) return null;
  const { onlineStatusPublic } = await getSettings();
  return { card: toVisitorCard(doc, space, { onlineStatus: onlineStatusPublic }), owner: false };
}

/** Every card of the caller (all three kinds), pinned first, then in global order. */
export async function listAllCards(actor: Actor): Promise<CardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, 'all').map((c) => toCard(c, space));
}
