// A new account's starter dashboard: a copy of the administrator's (compat §2.19).
import { randomUUID } from 'node:crypto';
import type { CardDoc } from '../cards/card.model';
import { newCardDoc } from '../cards/card.defaults';
import { planNoteTodos } from '../cards/note-todos';
import type { TagDoc } from '../tags/tag.model';
import { getSpace, type Membership, type SpaceSnapshot } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';

/**
 * Copies a space's tags, cards and tag memberships into another (empty) space with fresh ids: a new user starts
 * with a copy of the admin's dashboard (compat §2.19). Like the older service, private fields (memo notes, todos,
 * alternate URLs, AI context, hints) are not copied.
 */
export async function copySpace(
  fromOwnerId: string,
  toOwnerId: string,
): Promise<{ tags: number; cards: number }> {
  const change = copyOfSpace(await getSpace(fromOwnerId), toOwnerId);
  // One unit of work: the copies are inserted in bulk (chunks) and committed once, note todos included.
  await writeSpace(toOwnerId, () => ({
    change,
    followUp: planNoteTodos,
    result: undefined,
  }));
  return { tags: change.upsertTags.length, cards: change.upsertCards.length };
}

/** A space's tags, cards and memberships as new documents of another owner (fresh ids, private fields left out). */
export function copyOfSpace(
  source: SpaceSnapshot,
  toOwnerId: string,
): { upsertTags: TagDoc[]; upsertCards: CardDoc[]; upsertMemberships: Membership[] } {
  const now = new Date();
  const tagIds = new Map<string, string>();
  const tags: TagDoc[] = source.tags.map((t) => {
    const id = `tag-${randomUUID()}`;
    tagIds.set(t._id, id);
    return { ...t, _id: id, ownerId: toOwnerId, createdAt: now, updatedAt: now };
  });
  const cardIds = new Map<string, string>();
  for (const c of source.cards.values()) cardIds.set(c._id, `site-${randomUUID()}`);
  // Notes that link to a site card (`sakura-site://<id>`) link to the copy of it.
  const relink = (data: CardDoc['cardData']): CardDoc['cardData'] => {
    if (!data || typeof data.content !== 'string') return data;
    const content = data.content.replace(/sakura-site:\/\/([A-Za-z0-9_-]+)/g, (m, id: string) =>
      cardIds.has(id) ? `sakura-site://${cardIds.get(id)}` : m,
    );
    return { ...data, content };
  };
  const cards: CardDoc[] = [...source.cards.values()].map((c) => {
    const id = cardIds.get(c._id)!;
    return newCardDoc({
      _id: id,
      ownerId: toOwnerId,
      name: c.name,
      siteUrl: c.siteUrl,
      siteDescription: c.siteDescription,
      iconUrl: c.iconUrl,
      iconBgColor: c.iconBgColor,
      siteIsOnline: c.siteIsOnline,
      siteSkipOnlineCheck: c.siteSkipOnlineCheck,
      siteIsPinned: c.siteIsPinned,
      globalSortOrder: c.globalSortOrder,
      cardType: c.cardType,
      cardData: relink(c.cardData),
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
    });
  });
  const memberships: Membership[] = [];
  for (const list of source.membershipsByTag.values()) {
    for (const m of list) {
      const tagId = tagIds.get(m.tagId);
      const cardId = cardIds.get(m.cardId);
      if (tagId && cardId) {
        memberships.push({ tagId, cardId, order: m.order });
      }
    }
  }
  return { upsertTags: tags, upsertCards: cards, upsertMemberships: memberships };
}
