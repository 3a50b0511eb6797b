import mongoose from 'mongoose';
import { connectDb } from '#server/db';
import { spaceCacheCopies } from '#server/spaces/space.cache';
import { invalidateSettingsCache } from '#server/settings/settings.service';
import { forgetInitializedForTests } from '#server/setup/setup.service';
import { forgetAuth } from '#server/auth/auth-cache';

/**
 * Empties this worker's database but keeps indexes. Space revisions are bumped rather than removed, so no cached
 * read model (here or in the in-process app) can mistake new data for what it already holds.
 */
export async function resetDatabase(): Promise<void> {
  await connectDb();
  const db = mongoose.connection.db!;
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    if (name === 'spaces') await db.collection(name).updateMany({}, { $inc: { rev: 1 } });
    else await db.collection(name).deleteMany({});
  }
  // Both copies of the read model (the source's and the built app's) start empty.
  for (const copy of spaceCacheCopies()) copy.forget();
  invalidateSettingsCache();
  forgetAuth();
  forgetInitializedForTests();
}
