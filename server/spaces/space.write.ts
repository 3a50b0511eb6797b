// The one way to change a data space: writeSpace(ownerId, plan).
//
// Writes to one space in this process go through a queue. The units waiting in it run one after another on a
// private draft of the space (each sees the changes of the ones before), then everything they changed is written in
// one round of bulk writes per collection and committed once: the commit inserts the change record
// `<space>:<rev>`, whose unique `_id` makes claiming a revision atomic on FerretDB and MongoDB alike. If the record
// for `base + 1` could be inserted, nothing was committed between the snapshot the plans were made from and this
// commit, so the draft is exactly the new revision and becomes the cached copy. Otherwise (another process
// committed meanwhile) the record names only the ids it touched and the cached copy catches up from the records.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDuplicateKeyError } from '../db';
import { isAppError } from '../errors';
import { logger } from '../logger';
import { SpaceChangeModel, changeId, encodeChange, type SpaceChangeDoc } from './space-change.model';
import { getSpace, headRev, markSpaceStale, publishSpace } from './space.cache';
import { SpaceModel } from './space.model';
import { mergeChanges, touchedIds, type SpaceChange, type SpaceSnapshot } from './space.snapshot';
import { writeChange } from './space.write-ops';
import { writeStatusesNow, yieldToWrites } from './status-writes';

/** What a unit of work returns: the change it plans, and its result for the caller. */
export interface Planned<T> {
  change?: SpaceChange;
  result: T;
  /**
   * The unit wrote the change to the database itself (bulk deletions by owner, bulk inserts of a whole space):
   * the change is then only committed, and readers reload the space. Such units are queued with `{ alone: true }`.
   */
  written?: 'reload';
}

export interface UnitOptions {
  /**
   * The unit runs in a group of its own: the units queued before it are written and committed first, the ones
   * after it plan on what it wrote. For units that write to the database themselves (`written`).
   */
  alone?: boolean;
  /**
   * Queued ahead of the units already waiting (still after the group that is running). For the check that must
   * follow a wholesale write before any later unit builds on it (server/portability/space-settle.ts): queued by
   * the caller as soon as its wholesale unit resolves, it runs next.
   */
  first?: boolean;
}

export type Plan<T> = (space: SpaceSnapshot) => Promise<Planned<T>> | Planned<T>;

interface Job {
  plan: Plan<unknown>;
  alone: boolean;
  resolve: (v: { result: unknown; space: SpaceSnapshot }) => void;
  reject: (err: unknown) => void;
}

/** The space document's revision is raised every this many revisions (and after every reload or non-exact commit). */
const HINT_EVERY = 16;
/** Units committed together at most (their writes still go in chunks the database accepts). */
const MAX_GROUP = 64;
const queues = new Map<string, Job[]>();
const inUnit = new AsyncLocalStorage<string>();
/** When the last queue emptied: a script saving one card after another leaves only short gaps. */
let lastDrained = 0;
const QUIET_MS = 250;
// Check results wait for their card documents while saves keep coming (status-writes.ts).
yieldToWrites(() => queues.size > 0 || performance.now() - lastDrained < QUIET_MS);

/**
 * Runs `plan` on the current snapshot of a space as one unit of work: the plan reads the snapshot, may throw
 * AppError to refuse, and returns the change (documents addressed by `_id`); the change is written, committed
 * once and applied to the cached copy. Resolves with the plan's result and the snapshot with the change applied.
 */
export function writeSpace<T>(
  ownerId: string,
  plan: Plan<T>,
  options: UnitOptions = {},
): Promise<{ result: T; space: SpaceSnapshot }> {
  if (inUnit.getStore() === ownerId) {
    // A unit waiting for a unit of the same space behind it in the queue would wait forever.
    return Promise.reject(new Error('writeSpace called from inside a unit of work of the same space'));
  }
  return new Promise((resolve, reject) => {
    const queue = queues.get(ownerId);
    const job = { plan, alone: options.alone === true, resolve, reject } as Job;
    if (queue) {
      if (options.first) queue.unshift(job);
      else queue.push(job);
      return;
    }
    queues.set(ownerId, [job]);
    void drain(ownerId);
  });
}

async function drain(ownerId: string) {
  const queue = queues.get(ownerId)!;
  while (queue.length) {
    // A group runs up to the next unit that must be alone; such a unit is a group of its own.
    let n = 0;
    while (n < queue.length && n < MAX_GROUP && !queue[n]!.alone) n++;
    const group = queue.splice(0, Math.max(n, 1));
    // Units a group could not plan on its draft go first in the next group.
    queue.unshift(...(await runGroup(ownerId, group)));
  }
  queues.delete(ownerId);
  lastDrained = performance.now();
}

/** Runs the units of a group on one draft and commits them; answers the units left for the next group. */
async function runGroup(ownerId: string, group: Job[]): Promise<Job[]> {
  const t0 = performance.now();
  let base: SpaceSnapshot;
  try {
    base = await getSpace(ownerId);
  } catch (err) {
    for (const job of group) job.reject(err);
    return [];
  }
  const draft = base.toDraft();
  // What the units changed: `toWrite` is written here; a unit that wrote to the database itself is only committed.
  const changes = { toWrite: [] as SpaceChange[], written: [] as SpaceChange[] };
  const done: { job: Job; result: unknown }[] = [];
  let reload = false;
  let left: Job[] = [];
  for (const [i, job] of group.entries()) {
    try {
      const planned = await inUnit.run(ownerId, () => job.plan(draft));
      if (planned.change) {
        draft.apply(planned.change);
        (planned.written ? changes.written : changes.toWrite).push(planned.change);
      }
      if (planned.written) reload = true;
      done.push({ job, result: planned.result });
    } catch (err) {
      // A refusal (AppError) is thrown while planning, before anything is written; anything else may have left
      // writes behind, so the space is reloaded everywhere.
      if (!isAppError(err)) reload = true;
      job.reject(err);
    }
    // After a unit that wrote to the database itself (or failed part-way), the draft no longer shows the database:
    // the units after it plan on the reloaded space in the next group (a clear planned here would miss what was
    // just written). Units that write themselves are queued alone, so none plan before them in their group.
    if (reload) {
      left = group.slice(i + 1);
      break;
    }
  }
  try {
    await commitGroup(ownerId, base, draft, changes, reload, done, t0, group.length - left.length);
  } catch (err) {
    for (const { job } of done) job.reject(err);
  }
  return left;
}

/**
 * Writes and commits a group. The changes of the units that planned normally are always written, also when another
 * unit of the group wrote to the database itself or failed part-way (`reload`): their callers are told they
 * succeeded. `reload` only makes the commit a reload for every copy.
 */
async function commitGroup(
  ownerId: string,
  base: SpaceSnapshot,
  draft: SpaceSnapshot,
  changes: { toWrite: SpaceChange[]; written: SpaceChange[] },
  reload: boolean,
  done: { job: Job; result: unknown }[],
  t0: number,
  units: number,
) {
  if (!changes.toWrite.length && !changes.written.length && !reload) {
    for (const { job, result } of done) job.resolve({ result, space: base });
    return;
  }
  const change = mergeChanges(...changes.toWrite, ...changes.written);
  // Before a record that has readers re-read documents: the statuses this group deferred are written first.
  const settle = () => writeStatusesNow(touchedIds(change).cards);
  let exact = !reload;
  try {
    if (changes.toWrite.length) {
      const clean = await writeChange(ownerId, base, draft, mergeChanges(...changes.toWrite));
      exact = exact && clean;
    }
  } catch (err) {
    // Some writes may have landed: make every copy reload, then report the failure.
    await claimRevision(ownerId, base.rev, change, false, true, settle).catch(() => {});
    markSpaceStale(ownerId);
    throw err;
  }
  const t1 = performance.now();
  const rev = await claimRevision(ownerId, base.rev, change, exact, reload, settle);
  if (rev === base.rev + 1 && exact) publishSpace(draft.freeze(rev));
  else markSpaceStale(ownerId);
  logger.debug('space', 'committed', {
    ownerId,
    rev,
    units,
    exact: rev === base.rev + 1 && exact,
    writeMs: Math.round(t1 - t0),
    commitMs: Math.round(performance.now() - t1),
  });
  for (const { job, result } of done) job.resolve({ result, space: draft });
}

/** Records a change made outside writeSpace (seeding, benchmarks): every reader reloads the space. */
export async function commitReload(ownerId: string): Promise<void> {
  await claimRevision(ownerId, await headRev(ownerId), {}, false, true);
  markSpaceStale(ownerId);
}

/** Inserts the change record at the first free revision after `baseRev`; returns the revision claimed. */
async function claimRevision(
  ownerId: string,
  baseRev: number,
  change: SpaceChange,
  exact: boolean,
  reload: boolean,
  settle: () => Promise<void> = async () => {},
): Promise<number> {
  let rev = baseRev + 1;
  let withChange = exact;
  let settled = false;
  for (let attempt = 0; ; attempt++) {
    // A record without the change (or a reload) has readers read the documents: they must hold all of it.
    if (!withChange && !settled) {
      settled = true;
      await settle();
    }
    const record: SpaceChangeDoc = {
      _id: changeId(ownerId, rev),
      ownerId,
      rev,
      at: new Date(),
      touched: touchedIds(change),
      ...(withChange ? { change: encodeChange(change) } : {}),
      ...(reload ? { reload: true } : {}),
    };
    try {
      await SpaceChangeModel.collection.insertOne(record as never);
      break;
    } catch (err) {
      if (!isDuplicateKeyError(err) || attempt > 1000) throw err;
      // Another process committed this revision: ours was not planned from its predecessor.
      withChange = false;
      const hint = (await SpaceModel.findById(ownerId).lean<{ rev: number }>())?.rev ?? 0;
      rev = Math.max(rev + 1, hint + 1);
    }
  }
  // The space document's revision lets readers notice missing records and full loads start near the newest
  // record. Raised after the record exists, but only every few revisions (one write less per commit): it may lag,
  // never lead, and the sweep raises it before deleting records.
  if (rev % HINT_EVERY !== 0 && !reload && withChange) return rev;
  const raise = SpaceModel.updateOne({ _id: ownerId }, { $max: { rev } }, { upsert: true })
    .exec()
    .catch((err: unknown) => logger.warn('space', 'could not raise the revision', { error: String(err) }));
  // Rewrites wait for it (a script that seeded data and disconnects right after must not lose it).
  if (reload) await raise;
  return rev;
}
