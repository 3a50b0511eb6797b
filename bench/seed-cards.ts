// Inserts N site cards (spread over 20 tags) into the admin's space, through the app's own document defaults.
// Usage: tsx bench/seed-cards.ts <mongodb-uri> <count>
import mongoose from 'mongoose';
import { seedSpace } from './seed-space';

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
const tags = Array.from({ length: 20 }, (_, i) => ({
  _id: `tag-bench-${i}`,
  name: `Bench ${i}`,
  order: 100 + i,
}));
const cards = Array.from({ length: count }, (_, i) => {
  const w = words[i % words.length]!;
  return {
    _id: `card-bench-${i}`,
    name: `Site ${i} ${w}`,
    siteUrl: `https://site${i}.example.com/${w}`,
    siteDescription: `A ${w} site number ${i}`,
    siteNotes: i % 10 === 0 ? `memo ${w} ${i}` : '',
    globalSortOrder: 1000 + i,
    siteIsPinned: i % 997 === 0,
  };
});
const started = Date.now();
await seedSpace(owner, tags, cards);
console.error(`[bench] inserted ${count} cards in ${Date.now() - started} ms`);
await mongoose.disconnect();
