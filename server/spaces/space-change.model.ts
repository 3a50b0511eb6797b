import { defineModel, isDuplicateKeyError } from '../db';
import { docSchema, required } from '../db-schema';

/**
 * A claimed revision of a data space. `_id` = `<ownerId>:<rev>`: inserting it is how a writer claims revision `rev`
 * (the unique `_id` makes the claim atomic on every server, FerretDB included). `at` tells two records of the same
 * number apart (a space rewritten from scratch, a restored database): a cached copy remembers the `at` of the record
 * it was built at. Old records are swept (sweepSpaceChanges, from server/maintenance.ts); each space's newest is kept.
 */
export interface SpaceChangeDoc {
  _id: string;
  ownerId: string;
  rev: number;
  at: Date;
}

const SpaceChangeSchema = docSchema<SpaceChangeDoc>(required({ ownerId: String, rev: Number, at: Date }));
SpaceChangeSchema.index({ ownerId: 1, rev: -1 });

export const SpaceChangeModel = defineModel<SpaceChangeDoc>('SpaceChange', SpaceChangeSchema);

export const changeId = (ownerId: string, rev: number) => `${ownerId}:${rev}`;

export function findRecord(ownerId: string, rev: number): Promise<SpaceChangeDoc | null> {
  return SpaceChangeModel.findById(changeId(ownerId, rev)).lean<SpaceChangeDoc>();
}

/** The space's newest record (null for a space never written). */
export async function newestRecord(ownerId: string): Promise<SpaceChangeDoc | null> {
  const [newest] = await SpaceChangeModel.find({ ownerId })
    .sort({ rev: -1 })
    .limit(1)
    .lean<SpaceChangeDoc[]>();
  return newest ?? null;
}

/**
 * Inserts the revision record at the first free revision after `baseRev`. Another revision there means another
 * instance wrote the space since this copy was loaded (MongoDB deployments only; the embedded store runs one).
 */
export async function claimRevision(ownerId: string, baseRev: number): Promise<SpaceChangeDoc> {
  for (let rev = baseRev + 1; ;) {
    const record: SpaceChangeDoc = { _id: changeId(ownerId, rev), ownerId, rev, at: new Date() };
    try {
      await SpaceChangeModel.collection.insertOne(record as never);
      return record;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      rev = Math.max(rev, (await newestRecord(ownerId))?.rev ?? 0) + 1;
    }
  }
}

/** How long change records are kept (the newest of each space is always kept). */
export const CHANGE_TTL_MS = 2 * 60 * 1000;

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
