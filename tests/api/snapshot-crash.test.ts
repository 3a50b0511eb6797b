// Restore killed at a random point: after recovery the user's data is exactly the snapshot (or, when killed before
// the journal was written, exactly the old data), never a mix; other users are untouched; every copy of the read
// model agrees.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSiteCard } from '#server/cards/site-card.service';
import { SiteCreateSchema } from '#server/cards/card.schema';
import { recoverRestore } from '#server/snapshots/snapshot-restore';
import { RestoreJournalModel } from '#server/snapshots/snapshot.model';
import { createSnapshot, getSnapshot } from '#server/snapshots/snapshot.service';
import { forgetSpace, getSpace } from '#server/spaces/space.cache';
import type { UserDoc } from '#server/users/user.model';
import { actorOf, createUser, sessionClient } from '../factories';
import { dbSeenState, seenState } from '../read-model-helpers';
import { appUrl } from '../setup/app';
import { resetDatabase } from '../setup/db';
import { contentOf, dbData, fillSpace } from './snapshot-helpers';

const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(root, 'tests/fixtures/snapshot-restore-child.ts');

/** Runs the restore in a child process; kills it at step `crashAt` (by itself) or after `killAfterMs`. */
function runChild(ownerId: string, snapshotId: string, opts: { crashAt?: number; killAfterMs?: number }) {
  return new Promise<{ steps: string[]; done: boolean }>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, ownerId, snapshotId], {
      cwd: root,
      env: { ...process.env, CRASH_AT_STEP: String(opts.crashAt ?? '') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      // The random-delay variant starts its clock when the roll-forward starts.
      if (opts.killAfterMs !== undefined && out.includes(' start\n') && !p.killed) {
        setTimeout(() => p.kill('SIGKILL'), opts.killAfterMs);
      }
    });
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('exit', (code, signal) => {
      const lines = out.split('\n').filter(Boolean);
      const done = lines.includes('done');
      if (!done && signal !== 'SIGKILL') reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ steps: lines.filter((l) => l.startsWith('step')), done });
    });
  });
}

describe('snapshot restore killed half-way', () => {
  let owner: UserDoc;
  let other: UserDoc;
  let snapshotId: string;
  let target: Awaited<ReturnType<typeof dbData>>;
  let otherData: Awaited<ReturnType<typeof dbData>>;
  let totalSteps = 0;

  beforeAll(async () => {
    await appUrl();
    await resetDatabase();
    owner = await createUser({ username: 'owner' });
    other = await createUser({ username: 'other' });
    // Enough rows for several insert chunks per collection.
    await fillSpace(actorOf(owner), 'o', 60);
    await fillSpace(actorOf(other), 'x', 5);
    const r = await createSnapshot(actorOf(owner), { label: 'target' });
    if (!('item' in r)) throw new Error('not created');
    snapshotId = r.item.id;
    target = (await getSnapshot(actorOf(owner), snapshotId)).data;
    otherData = await dbData(other._id);
    // A full run, to learn how many steps there are (and that the child works at all).
    await fillSpace(actorOf(owner), 'change0', 1);
    const full = await runChild(owner._id, snapshotId, {});
    expect(full.done).toBe(true);
    totalSteps = full.steps.length;
    expect(totalSteps).toBeGreaterThan(8);
    expect(await dbData(owner._id)).toEqual(target);
  }, 240_000);

  async function changeData(i: number) {
    await createSiteCard(
      actorOf(owner),
      SiteCreateSchema.parse({ name: `change ${i}`, siteUrl: `https://change-${i}.example.test/` }),
    );
  }

  async function expectConsistent() {
    expect(await dbData(owner._id)).toEqual(target);
    expect(await RestoreJournalModel.findById(owner._id).lean()).toBeNull();
    expect(await dbData(other._id)).toEqual(otherData);
    // The app shows exactly the snapshot, and so does this process's copy of the read model (a second instance).
    expect(await contentOf(await getSpace(owner._id))).toEqual(target);
    const client = await sessionClient(owner);
    expect(await seenState(client)).toEqual(await dbSeenState(owner._id));
    expect((await client.get('/api/navigation/cards')).json.total).toBe(target.cards.length);
  }

  it('killed at random steps: recovery rolls forward to exactly the snapshot', async () => {
    const points = new Set<number>([1, totalSteps - 1]);
    while (points.size < 5) points.add(1 + Math.floor(Math.random() * (totalSteps - 1)));
    let i = 0;
    for (const crashAt of points) {
      await changeData(++i);
      const before = await dbData(owner._id);
      const run = await runChild(owner._id, snapshotId, { crashAt });
      expect(run.done, `step ${crashAt}`).toBe(false);
      expect(
        await RestoreJournalModel.findById(owner._id).lean(),
        `journal left at step ${crashAt}`,
      ).not.toBeNull();
      // What a restarted process does. Two processes finding the abandoned journal at once: exactly one takes it
      // over. The journal counts as abandoned once its heartbeat is older than `stale` (production: STALE_MS); the
      // test waits until the dead child's last beat is that old rather than passing 0, since with 0 a process that
      // reads the journal just after the other took it over (a fresh beat) would rightly find it stale too.
      const stale = 1000;
      await expect
        .poll(async () => {
          const j = await RestoreJournalModel.findById(owner._id).lean<{ beatAt: Date }>();
          return Date.now() - j!.beatAt.getTime() > stale;
        })
        .toBe(true);
      const took = await Promise.all([recoverRestore(owner._id, stale), recoverRestore(owner._id, stale)]);
      expect(took.filter(Boolean)).toHaveLength(1);
      await expectConsistent();
      expect(before).not.toEqual(target);
    }
  }, 240_000);

  it('killed after a random delay: the data is the old or the snapshot, and the first load finishes the restore', async () => {
    await changeData(100);
    const before = await dbData(owner._id);
    const run = await runChild(owner._id, snapshotId, { killAfterMs: Math.floor(Math.random() * 400) });
    const journal = await RestoreJournalModel.findById(owner._id).lean();
    if (journal) {
      // Pretend the heartbeat went stale (time passed), then read the space cold: the load finishes the restore.
      await RestoreJournalModel.updateOne({ _id: owner._id }, { $set: { beatAt: new Date(0) } });
      forgetSpace(owner._id);
      expect(await contentOf(await getSpace(owner._id))).toEqual(target);
      await expectConsistent();
    } else {
      // No journal: killed before the restore began, or after it ended (possibly before the child said so).
      const now = JSON.stringify(await dbData(owner._id));
      expect([JSON.stringify(before), JSON.stringify(target)]).toContain(now);
      if (run.done || now === JSON.stringify(target)) await expectConsistent();
    }
  }, 240_000);
});
