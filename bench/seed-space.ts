// One data space written straight to the database for the benchmarks, through the app's own document defaults:
// tags, site cards spread over them round-robin (each holding its membership), and a commit that makes readers reload.
import { newCardDoc } from '../server/cards/card.defaults';
import { insertCards, type CardDoc } from '../server/cards/card.model';
import { commitReload } from '../server/spaces/space.write';
import { slugify } from '../server/tags/slug';
import { TagModel, type TagDoc } from '../server/tags/tag.model';
import type { Membership } from '../server/spaces/space.change';

type CardFields = Pick<CardDoc, '_id' | 'name' | 'siteUrl' | 'globalSortOrder'> & Partial<CardDoc>;

export async function seedSpace(
  ownerId: string,
  tagList: { _id: string; name: string; order: number }[],
  cardList: CardFields[],
): Promise<{ tags: TagDoc[]; cards: CardDoc[]; memberships: Membership[] }> {
  const now = new Date();
  const tags: TagDoc[] = tagList.map((t) => ({
    ...t,
    ownerId,
    slug: slugify(t.name, t._id),
    isHidden: false,
    logoUrl: null,
    logoBgColor: null,
    description: null,
    createdAt: now,
    updatedAt: now,
  }));
  await TagModel.insertMany(tags);
  const cards = cardList.map((c) => newCardDoc({ ...c, ownerId }));
  const memberships = cards.map((card, i) => {
    const tagId = tagList[i % tagList.length]!._id;
    return { tagId, cardId: card._id, order: i };
  });
  await insertCards(cards, memberships);
  await commitReload(ownerId);
  return { tags, cards, memberships };
}
