// Restoring a snapshot: replace exactly one user's data with the snapshot's, crash-safe without transactions.
//
// A journal document (`_id` = owner, unique) is written before anything changes. The roll-forward is idempotent:
// delete the owner's rows, insert the snapshot's rows (duplicates of rows already inserted are ignored), set the
// virtual tag positions, then commit a "reload" change record so every instance's cached copy reloads; only then is
// the journal removed. A process that dies half-way leaves the journal behind: the next full load of that space,
// the maintenance sweep or the next snapshot call finds it with a stale heartbeat and rolls forward again, so the
// user's data ends as the snapshot, never a mix. See docs/decisions.md ("Snapshot restore without transactions").
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { CardModel, RelationModel, storedCard, withTags, type CardDoc } from '../cards/card.model';
import { BULK_CHUNK, isDuplicateKeyError } from '../db';
import { conflict } from '../errors';
import { logger } from '../logger';
import { beforeSpaceLoad } from '../spaces/space.cache';
import { SpaceModel } from '../spaces/space.model';
import { commitReload, writeSpace } from '../spaces/space.write';
import { TagModel } from '../tags/tag.model';
import { readData, type SnapshotData } from './snapshot.data';
import { oneAtATime } from '../one-at-a-time';
import {
  RestoreClaimModel,
  RestoreJournalModel,
  SnapshotModel,
  type RestoreJournalDoc,
  type SnapshotDoc,
} from './snapshot.model';
import { createSnapshotLocked, findOwnSnapshot } from './snapshot.service';

/** How often a running restore proves it is alive, and when a journal counts as abandoned. */
const BEAT_MS = 2_000;
export const STALE_MS = 15_000;

/** Owners whose restore runs in this process now: never taken over here, however late its heartbeat is. */
const running = new Set<string>();

type StepHook = (step: string) => void | Promise<void>;
let stepHook: StepHook | undefined;
/** Tests: called at each step of the roll-forward (the crash test kills the process at one). */
export function setRestoreStepHook(hook: StepHook | undefined): void {
  stepHook = hook;
}
const step = async (name: string) => {
  if (stepHook) await stepHook(name);
};

/** Inserts rows in chunks; a row whose `_id` exists already (an earlier attempt, or not ours) is left alone. */
async function insertRows(
  collection: { insertMany: (docs: object[], o: object) => Promise<unknown> },
  docs: object[],
  name: string,
) {
  for (let i = 0; i < docs.length; i += BULK_CHUNK) {
    try {
      await collection.insertMany(docs.slice(i, i + BULK_CHUNK), { ordered: false });
    } catch (err) {
      const errors = (err as { writeErrors?: unknown[] }).writeErrors ?? [err];
      if (!errors.every(isDuplicateKeyError)) throw err;
    }
    await step(`${name}:${i / BULK_CHUNK}`);
  }
}

/** The roll-forward: the owner's rows become exactly the snapshot's (idempotent; never touches another owner). */
async function replaceRows(ownerId: string, data: SnapshotData): Promise<void> {
  await step('start');
  await RelationModel.deleteMany({ ownerId });
  await step('deleted-links');
  await CardModel.deleteMany({ ownerId });
  await step('deleted-cards');
  await TagModel.deleteMany({ ownerId });
  await step('deleted-tags');
  await insertRows(
    TagModel.collection,
    data.tags.map((t) => ({ ...t, ownerId })),
    'tags',
  );
  const tags = new Map<string, typeof data.cardTags>();
  for (const m of data.cardTags) tags.set(m.cardId, [...(tags.get(m.cardId) ?? []), m]);
  await insertRows(
    CardModel.collection,
    data.cards.map((c) => storedCard(withTags({ ...c, ownerId } as CardDoc, tags.get(c._id)))),
    'cards',
  );
  await insertRows(
    RelationModel.collection,
    data.cardRelations.map((r) => ({ ...r, ownerId })),
    'relations',
  );
  await SpaceModel.updateOne(
    { _id: ownerId },
    { $set: { virtualOrder: data.virtualOrder } },
    { upsert: true },
  );
  await step('inserted');
}

/** Runs (or re-runs) a journal to the end: roll forward, commit a reload everywhere, remove the journal. */
async function runJournal(
  journal: RestoreJournalDoc,
  data: SnapshotData,
  inProcessQueue: boolean,
): Promise<void> {
  const ownerId = journal._id;
  running.add(ownerId);
  const beat = setInterval(() => {
    RestoreJournalModel.updateOne(
      { _id: ownerId, runId: journal.runId, gen: journal.gen },
      { $set: { beatAt: new Date() } },
    ).catch(() => {});
  }, BEAT_MS);
  beat.unref();
  try {
    if (inProcessQueue) {
      // As a unit of work: other writes to this space in this process wait, and the commit makes copies reload.
      await writeSpace(
        ownerId,
        async () => {
          await replaceRows(ownerId, data);
          return { result: undefined };
        },
        { alone: true },
      );
    } else {
      await replaceRows(ownerId, data);
      await commitReload(ownerId);
    }
    await step('committed');
    // Only this restore's journal (a later restore of the same user may have started since a takeover).
    await RestoreJournalModel.deleteOne({ _id: ownerId, runId: journal.runId });
    for (let g = 1; g <= journal.gen; g++)
      await RestoreClaimModel.deleteOne({ _id: `${journal.runId}:${g}` });
  } finally {
    clearInterval(beat);
    running.delete(ownerId);
  }
}

/**
 * Finishes an interrupted restore of one owner, if its journal is abandoned (no heartbeat for `staleMs`) and no
 * restore of that owner runs in this process. A unique claim per takeover makes sure only one process rolls it
 * forward. Returns whether it did.
 */
export async function recoverRestore(ownerId: string, staleMs = STALE_MS): Promise<boolean> {
  // This process is alive and finishing it (a busy event loop or database can delay its heartbeat past staleMs).
  if (running.has(ownerId)) return false;
  const journal = await RestoreJournalModel.findById(ownerId).lean<RestoreJournalDoc>();
  if (!journal || Date.now() - journal.beatAt.getTime() < staleMs) return false;
  const gen = journal.gen + 1;
  try {
    await RestoreClaimModel.create({ _id: `${journal.runId}:${gen}`, ownerId, at: new Date() });
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
  await RestoreJournalModel.updateOne({ _id: ownerId }, { $set: { gen, beatAt: new Date() } });
  const meta = await SnapshotModel.findById(journal.snapshotId).lean<SnapshotDoc>();
  if (!meta) {
    // Cannot happen through the services (a snapshot being restored cannot be deleted); say so loudly.
    logger.error('snapshots', 'interrupted restore lost its snapshot', {
      ownerId,
      snapshotId: journal.snapshotId,
    });
    await RestoreJournalModel.deleteOne({ _id: ownerId });
    return false;
  }
  logger.warn('snapshots', 'finishing an interrupted restore', { ownerId, snapshotId: meta._id });
  await runJournal({ ...journal, gen }, await readData(meta), false);
  return true;
}

/** Finishes every abandoned restore (at boot and from the maintenance sweep). */
export async function recoverRestores(staleMs = STALE_MS): Promise<number> {
  const journals = await RestoreJournalModel.find().select({ _id: 1 }).lean<{ _id: string }[]>();
  let n = 0;
  for (const j of journals) if (await recoverRestore(j._id, staleMs)) n++;
  return n;
}

// First access: a space is never loaded from an abandoned half-restore.
beforeSpaceLoad((ownerId) => recoverRestore(ownerId).then(() => {}));

/**
 * Restores one of the caller's snapshots: takes an automatic snapshot first (so the restore can be undone), then
 * replaces the caller's tags, cards, memberships, relations and virtual tag positions with the snapshot's.
 */
export function restoreSnapshot(actor: Actor, id: string | undefined): Promise<{ ok: true }> {
  const ownerId = actor.userId;
  return oneAtATime(`snapshots:${ownerId}`, async () => {
    await recoverRestore(ownerId);
    const meta = await findOwnSnapshot(ownerId, id);
    const data = await readData(meta);
    await createSnapshotLocked(ownerId, { label: 'auto: before restore', reason: 'restore' });
    const now = new Date();
    const journal: RestoreJournalDoc = {
      _id: ownerId,
      snapshotId: meta._id,
      runId: randomUUID(),
      gen: 0,
      startedAt: now,
      beatAt: now,
    };
    try {
      await RestoreJournalModel.create(journal);
    } catch (err) {
      if (isDuplicateKeyError(err)) throw conflict('A restore of this data is already running');
      throw err;
    }
    await runJournal(journal, data, true);
    return { ok: true as const };
  });
}
