// Inserts U users with C site cards each (5 tags), and a session per user; prints [{userId, cookie}] as JSON.
// Usage: tsx bench/seed-users.ts <mongodb-uri> <users> <cards-per-user>
import mongoose from 'mongoose';
import { createSession } from '../server/auth/session.store';
import { seedSpace } from './seed-space';
import { UserModel } from '../server/users/user.model';
import { newUserDoc } from '../server/users/new-user';

const [uri, usersArg, cardsArg] = process.argv.slice(2);
const users = Number(usersArg ?? 100);
const perUser = Number(cardsArg ?? 1000);
await mongoose.connect(uri!, { retryWrites: false });
const out: { userId: string; cookie: string }[] = [];
for (let u = 0; u < users; u++) {
  const userId = `user-bench-${u}`;
  await UserModel.create(
    await newUserDoc({ id: userId, username: `bench${u}`, password: 'Bench123', role: 'user' }),
  );
  await seedSpace(
    userId,
    Array.from({ length: 5 }, (_, i) => ({ _id: `tag-${u}-${i}`, name: `Tag ${i}`, order: i })),
    Array.from({ length: perUser }, (_, i) => ({
      _id: `card-${u}-${i}`,
      name: `Site ${i}`,
      siteUrl: `https://site${i}.example.com/u${u}`,
      siteDescription: `A site number ${i} of user ${u}`,
      globalSortOrder: i,
    })),
  );
  const { token } = await createSession(userId, { persistent: true });
  out.push({ userId, cookie: `sakura-nav-session=${token}` });
}
console.log(JSON.stringify(out));
await mongoose.disconnect();
