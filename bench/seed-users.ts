// Inserts U users with C site cards each (5 tags), and a session per user; prints [{userId, cookie}] as JSON.
// Usage: tsx bench/seed-users.ts <mongodb-uri> <users> <cards-per-user>
import mongoose from 'mongoose';
import { createSession } from '../server/auth/session.store';
import { newCardDoc } from '../server/cards/card.defaults';
import { CardModel, CardTagModel, membershipId } from '../server/cards/card.model';
import { insertManyChunked } from '../server/db';
import { commitReload } from '../server/spaces/space.write';
import { slugify } from '../server/tags/slug';
import { TagModel } from '../server/tags/tag.model';
import { UserModel } from '../server/users/user.model';
import { newUserDoc } from '../server/users/new-user';

const [uri, usersArg, cardsArg] = process.argv.slice(2);
const users = Number(usersArg ?? 100);
const perUser = Number(cardsArg ?? 1000);
await mongoose.connect(uri!, { retryWrites: false });
const out: { userId: string; cookie: string }[] = [];
const now = new Date();
for (let u = 0; u < users; u++) {
  const userId = `user-bench-${u}`;
  await UserModel.create(
    await newUserDoc({ id: userId, username: `bench${u}`, password: 'Bench123', role: 'user' }),
  );
  const tags = Array.from({ length: 5 }, (_, i) => ({
    _id: `tag-${u}-${i}`,
    ownerId: userId,
    name: `Tag ${i}`,
    slug: slugify(`Tag ${i}`, `tag-${u}-${i}`),
    order: i,
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
  for (let i = 0; i < perUser; i++) {
    const card = newCardDoc({
      _id: `card-${u}-${i}`,
      ownerId: userId,
      name: `Site ${i}`,
      siteUrl: `https://site${i}.example.com/u${u}`,
      siteDescription: `A site number ${i} of user ${u}`,
      globalSortOrder: i,
    });
    cards.push(card);
    const tagId = tags[i % 5]!._id;
    memberships.push({
      _id: membershipId(tagId, card._id),
      ownerId: userId,
      tagId,
      cardId: card._id,
      order: i,
    });
  }
  await insertManyChunked(CardModel, cards);
  await insertManyChunked(CardTagModel, memberships);
  await commitReload(userId);
  const { token } = await createSession(userId, { persistent: true });
  out.push({ userId, cookie: `sakura-nav-session=${token}` });
}
console.log(JSON.stringify(out));
await mongoose.disconnect();
