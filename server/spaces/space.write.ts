// The one way to change a data space: writeSpace(ownerId, plan), one writer per space in this process. Units queued
// together plan on one private draft, are written in one round of bulk writes per collection, then claim the next
// revision record; only then are the callers answered and the draft published (docs/decisions.md §23, 1-3).
import { AsyncLocalStorage } from 'node:async_hooks';
import { isAppError } from '../errors';
import { logger } from '../logger';
import { TimeSlicer } from '../parsing/time-slice';
import { claimRevision, newestRecord } from './space-change.model';
import { forgetSpace, getSpace, publishSpace } from './space.cache';
import { mergeChanges, type SpaceChange, type SpaceSnapshot } from './space.snapshot';
import { replaceRows, writeChange } from './space.write-ops';

/** What a unit of work returns: the change it plans, and its result for the caller. */
export interface Planned<T> {
  /** The change, or a large one (an import) in parts, applied one at a time with the event loop's turns between. */
  change?: SpaceChange | SpaceChange[];
  /**
   * A further change planned on the space as `change` left it (e.g. the note todos of imported notes), applied in
   * the same unit: a bulk change is then applied once, not also to a preview copy of the space.
   */
  followUp?: (space: SpaceSnapshot) => SpaceChange;
  result: T;
  /**
   * The change replaces the space wholesale (clear, reset, a clean or overwrite import): written as the difference
   * of the whole space (a collection none of whose documents stays is deleted by owner), see `replaceRows`.
   */
  replace?: boolean;
}

export interface UnitOptions {
  /**
   * The unit writes to the database itself (a snapshot restore): it runs in a group of its own, after the units
   * queued before it are written, and the copy is reloaded after it.
   */
  alone?: boolean;
}

export type Plan<T> = (space: SpaceSnapshot) => Promise<Planned<T>> | Planned<T>;

interface Job {
  plan: Plan<unknown>;
  alone: boolean;
  resolve: (v: { result: unknown; space: SpaceSnapshot }) => void;
  reject: (err: unknown) => void;
}

/** Units committed together at most (their writes still go in chunks the database accepts). */
const MAX_GROUP = 64;
const queues = new Map<string, Job[]>();
const inUnit = new AsyncLocalStorage<string>();

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
    const job = { plan, alone: options.alone === true, resolve, reject } as Job;
    const queue = queues.get(ownerId);
    if (queue) {
      queue.push(job);
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
}

/** Whether this process has writes of any space queued or under way (shutdown waits for them). */
export function writesPending(): boolean {
  return queues.size > 0;
}

type Done = { job: Job; result: unknown };

/** Runs the units of a group on one draft and commits them; answers the units left for the next group. */
async function runGroup(ownerId: string, group: Job[]): Promise<Job[]> {
  let base: SpaceSnapshot;
  try {
    base = await getSpace(ownerId);
  } catch (err) {
    for (const job of group) job.reject(err);
    return [];
  }
  const draft = base.toDraft();
  const changes: SpaceChange[] = [];
  const slicer = new TimeSlicer();
  const done: Done[] = [];
  let replace = false;
  let reload = false;
  let left: Job[] = [];
  for (const [i, job] of group.entries()) {
    try {
      const planned = await inUnit.run(ownerId, () => job.plan(draft));
      const parts = [planned.change ?? []].flat();
      for (let k = 0; k < parts.length + (planned.followUp ? 1 : 0); k++) {
        await slicer.maybeYield();
        const part = parts[k] ?? planned.followUp!(draft);
        draft.apply(part);
        if (!job.alone) changes.push(part);
      }
      replace ||= planned.replace === true;
      reload ||= job.alone;
      done.push({ job, result: planned.result });
    } catch (err) {
      // A refusal (AppError) is thrown while planning, before anything is written; anything else may have left
      // writes behind, so the copy is reloaded.
      if (!isAppError(err)) reload = true;
      job.reject(err);
    }
    // After a unit that wrote to the database itself (or failed part-way) the draft no longer shows the database:
    // the units after it plan on the reloaded space in the next group.
    if (reload) {
      left = group.slice(i + 1);
      break;
    }
  }
  try {
    await commitGroup(ownerId, base, draft, { changes, replace, reload }, done);
  } catch (err) {
    for (const { job } of done) job.reject(err);
  }
  return left;
}

/** Writes and commits a group; its callers hear of success once the database holds the writes and the record. */
async function commitGroup(
  ownerId: string,
  base: SpaceSnapshot,
  draft: SpaceSnapshot,
  group: { changes: SpaceChange[]; replace: boolean; reload: boolean },
  done: Done[],
) {
  if (!group.changes.length && !group.replace && !group.reload) {
    for (const { job, result } of done) job.resolve({ result, space: base });
    return;
  }
  const t0 = performance.now();
  let exact = !group.reload;
  try {
    if (group.replace) await replaceRows(ownerId, base, draft);
    else if (group.changes.length)
      exact = (await writeChange(ownerId, base, draft, mergeChanges(...group.changes))) && exact;
  } catch (err) {
    // Some writes may have landed: other instances and this one reload, then the callers hear of the failure.
    forgetSpace(ownerId);
    await claimRevision(ownerId, base.rev).catch(() => {});
    throw err;
  }
  const record = await claimRevision(ownerId, base.rev);
  if (exact && record.rev === base.rev + 1) publishSpace(draft.freeze(record.rev, record.at.getTime()));
  else forgetSpace(ownerId);
  logger.debug('space', 'committed', {
    ownerId,
    rev: record.rev,
    units: done.length,
    ms: Math.round(performance.now() - t0),
  });
  for (const { job, result } of done) job.resolve({ result, space: draft });
}

/** Records a change made outside writeSpace (seeding, a restore finished by another process): copies reload. */
export async function commitReload(ownerId: string): Promise<void> {
  await claimRevision(ownerId, (await newestRecord(ownerId))?.rev ?? 0);
  forgetSpace(ownerId);
}
