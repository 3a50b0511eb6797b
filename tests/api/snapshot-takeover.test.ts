// A restore running in this process is never taken over by this same process, however late its heartbeat is (a
// busy machine can delay it past the stale limit): two roll-forwards of one owner must not interleave.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { recoverRestore, restoreSnapshot, setRestoreStepHook } from '#server/snapshots/snapshot-restore';
import { RestoreJournalModel } from '#server/snapshots/snapshot.model';
import { createSnapshot } from '#server/snapshots/snapshot.service';
import { actorOf, createUser } from '../factories';
import { resetDatabase } from '../setup/db';
import { dbData, fillSpace } from './snapshot-helpers';

beforeEach(resetDatabase);
afterEach(() => setRestoreStepHook(undefined));

it('a running restore whose heartbeat looks stale is not taken over by its own process', async () => {
  const user = await createUser({ username: 'alice' });
  const actor = actorOf(user);
  await fillSpace(actor, 'a', 2);
  const created = await createSnapshot(actor);
  if (!('item' in created)) throw new Error('no snapshot');
  const target = await dbData(user._id);
  await fillSpace(actor, 'b', 1);

  // Pause the roll-forward half-way, its rows deleted.
  let reached!: () => void;
  const paused = new Promise<void>((r) => (reached = r));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const steps: string[] = [];
  setRestoreStepHook(async (name) => {
    steps.push(name);
    if (name === 'deleted-cards' && steps.filter((s) => s === name).length === 1) {
      reached();
      await gate;
    }
  });
  const restoring = restoreSnapshot(actor, created.item.id);
  await paused;
  // Its heartbeat as a loaded machine may leave it: older than the stale limit.
  await RestoreJournalModel.updateOne({ _id: user._id }, { $set: { beatAt: new Date(0) } });
  expect(await recoverRestore(user._id)).toBe(false);
  expect(steps.filter((s) => s === 'start')).toHaveLength(1);
  release();
  await restoring;
  expect(await RestoreJournalModel.countDocuments()).toBe(0);
  expect(await dbData(user._id)).toEqual(target);
});
