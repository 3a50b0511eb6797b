import { CHANGE_TTL_MS } from './space.cache';
import { SpaceChangeModel } from './space-change.model';

/**
 * Deletes change records older than CHANGE_TTL_MS, except each space's newest: the next writer claims the revision
 * after it, and a cached copy checks it is still there (a copy whose record is gone reloads).
 */
export async function sweepSpaceChanges(now = Date.now()): Promise<number> {
  const records = await SpaceChangeModel.find(
    { at: { $lt: new Date(now - CHANGE_TTL_MS) } },
    { ownerId: 1, rev: 1 },
  ).lean<{ _id: string; ownerId: string; rev: number }[]>();
  // The newest old record of each space stays (records after it, if any, are recent and stay too).
  const keep = new Map<string, number>();
  for (const r of records) keep.set(r.ownerId, Math.max(keep.get(r.ownerId) ?? 0, r.rev));
  let deleted = 0;
  for (const [ownerId, rev] of keep) {
    deleted += (await SpaceChangeModel.deleteMany({ ownerId, rev: { $lt: rev } })).deletedCount;
  }
  return deleted;
}
