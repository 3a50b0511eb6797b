// Inserts N site cards (spread over 20 tags) into the admin's space, through the app's own document defaults.
// Usage: tsx bench/seed-cards.ts <mongodb-uri> <count>
import mongoose from 'mongoose';
import { newCardDoc } from '../server/cards/card.defaults';
import { CardModel, CardTagModel, membershipId } from '../server/cards/card.model';
import { insertManyChunked } from '../server/db';
import { commitReload } from '../server/spaces/space.write';
import { slugify } from '../server/tags/slug';
import { TagModel } from '../server/tags/tag.model';

const [uri, countArg] = process.argv.slice(2);
const count = Number(countArg ?? 10_000);
const owner = '__admin__';
const words = [
  'cloud',
  'design',
  'docs',
  'news',
  'video',
  'music',
  'code',
  'maps',
  'mail',
  'shop',
  '学习',
  '工具',
  '设计',
  '新闻',
  '视频',
];

await mongoose.connect(uri!, { retryWrites: false });
const now = new Date();
const tags = Array.from({ length: 20 }, (_, i) => ({
  _id: `tag-bench-${i}`,
  ownerId: owner,
  name: `Bench ${i}`,
  slug: slugify(`Bench ${i}`, `tag-bench-${i}`),
  order: 100 + i,
  isHidden: false,
  logoUrl: null,
  logoBgColor: null,
  description: null,
  createdAt: now,
  updatedAt: now,
}));
await TagModel.insertMany(tags);
const cards = [];
const memberships = [];
for (let i = 0; i < count; i++) {
  const w = words[i % words.length]!;
  const card = newCardDoc({
    _id: `card-bench-${i}`,
    ownerId: owner,
    name: `Site ${i} ${w}`,
    siteUrl: `https://site${i}.example.com/${w}`,
    siteDescription: `A ${w} site number ${i}`,
    siteNotes: i % 10 === 0 ? `memo ${w} ${i}` : '',
    globalSortOrder: 1000 + i,
    siteIsPinned: i % 997 === 0,
  });
  cards.push(card);
  const tagId = tags[i % tags.length]!._id;
  memberships.push({ _id: membershipId(tagId, card._id), ownerId: owner, tagId, cardId: card._id, order: i });
}
const started = Date.now();
await insertManyChunked(CardModel, cards);
await insertManyChunked(CardTagModel, memberships);
await commitReload(owner);
console.error(`[bench] inserted ${count} cards in ${Date.now() - started} ms`);
await mongoose.disconnect();
