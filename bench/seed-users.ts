// Inserts U users with C site cards each (5 tags), and a session per user; prints [{userId, cookie}] as JSON.
// Usage: tsx bench/seed-users.ts <mongodb-uri> <users> <cards-per-user>
// With S3_* in the environment (and BENCH_IMAGES not 0) each space's image is written too.
import mongoose from 'mongoose';
import { createSession } from '../server/auth/session.store';
import { seedSpace } from './seed-space';
import { headRev } from '../server/spaces/space.head';
import { writeSpaceImage } from '../server/spaces/space.image';
import { SpaceSnapshot } from '../server/spaces/space.snapshot';
import { UserModel } from '../server/users/user.model';
import { newUserDoc } from '../server/users/new-user';

const [uri, usersArg, cardsArg] = process.argv.slice(2);
const users = Number(usersArg ?? 100);
const perUser = Number(cardsArg ?? 1000);
const withImages = Boolean(process.env.S3_ENDPOINT) && process.env.BENCH_IMAGES !== '0';
await mongoose.connect(uri!, { retryWrites: false });
const out: { userId: string; cookie: string }[] = [];
for (let u = 0; u < users; u++) {
  const userId = `user-bench-${u}`;
  await UserModel.create(
    await newUserDoc({ id: userId, username: `bench${u}`, password: 'Bench123', role: 'user' }),
  );
  const seeded = await seedSpace(
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
  // The image the app writes after a space's commits (server/spaces/space.image.ts), when storage is configured:
  // the state of an instance whose users used it before the restart.
  if (withImages) {
    const space = new SpaceSnapshot(
      userId,
      await headRev(userId),
      Date.now(),
      seeded.tags,
      new Map(seeded.cards.map((c) => [c._id, c])),
      seeded.memberships,
      [],
    );
    if (!(await writeSpaceImage(space))) throw new Error(`no image written for ${userId}`);
  }
  const { token } = await createSession(userId, { persistent: true });
  out.push({ userId, cookie: `sakura-nav-session=${token}` });
}
console.log(JSON.stringify(out));
await mongoose.disconnect();
