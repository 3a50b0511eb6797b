import { CHANGE_TTL_MS } from './space.cache';
import { SpaceChangeModel } from './space-change.model';
import { SpaceModel } from './space.model';

/**
 * Deletes change records older than CHANGE_TTL_MS, except each space's newest (a writer claims the revision after
 * it, so it must stay). Before deleting, each space's revision is raised to its newest record: a reader that finds
 * a record missing then sees that it is behind and reloads, instead of taking the gap for the end.
 */
export async function sweepSpaceChanges(now = Date.now()): Promise<number> {
  // One read of the whole (small, short-lived) collection: only `_id` lookups are cheap on FerretDB, and this runs
  // in the background every few minutes.
  const records = await SpaceChangeModel.find({}, { _id: 1, ownerId: 1, rev: 1, at: 1 }).lean<
    { _id: string; ownerId: string; rev: number; at: Date }[]
  >();
  const newest = new Map<string, number>();
  for (const r of records) newest.set(r.ownerId, Math.max(newest.get(r.ownerId) ?? 0, r.rev));
  const cutoff = now - CHANGE_TTL_MS;
  const old = records.filter((r) => r.at.getTime() < cutoff && r.rev < newest.get(r.ownerId)!);
  const owners = new Set(old.map((r) => r.ownerId));
  for (const ownerId of owners) {
    const rev = newest.get(ownerId)!;
    // `$max` is a read-modify-write on FerretDB: check it held before deleting anything.
    for (let i = 0; i < 3; i++) {
      await SpaceModel.updateOne({ _id: ownerId }, { $max: { rev } }, { upsert: true });
      if (((await SpaceModel.findById(ownerId).lean<{ rev: number }>())?.rev ?? 0) >= rev) break;
    }
  }
  for (let i = 0; i < old.length; i += 500) {
    await SpaceChangeModel.deleteMany({ _id: { $in: old.slice(i, i + 500).map((r) => r._id) } });
  }
  return old.length;
}
