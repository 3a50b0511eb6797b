// User snapshots: saved copies of one user's data space, listed, renamed, deleted, expired (restore: snapshot-restore.ts).
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { env } from '../env';
import { conflict, forbidden, notFound } from '../errors';
import { logger } from '../logger';
import { getSpace, recheckSpace, type SpaceSnapshot } from '../spaces/space.cache';
import {
  encodeData,
  dataReferences,
  deleteChunks,
  readData,
  spaceData,
  writeChunks,
  type SnapshotData,
} from './snapshot.data';
import { toSnapshot, type SnapshotDto } from './snapshot.dto';
import { oneAtATime } from '../one-at-a-time';
import {
  RestoreClaimModel,
  RestoreJournalModel,
  SnapshotChunkModel,
  SnapshotModel,
  type SnapshotDoc,
} from './snapshot.model';

export type AutoSnapshotReason = 'restore' | 'import' | 'bookmarks' | 'reset' | 'clear' | 'mcp';

/** What the automatic snapshot's label says it came before ("auto: before import"). */
const REASON_LABELS: Record<AutoSnapshotReason, string> = {
  restore: 'restore',
  import: 'import',
  bookmarks: 'bookmark import',
  reset: 'reset',
  clear: 'clear',
  mcp: 'mcp',
};
export type CreateResult = { item: SnapshotDto } | { skipped: true };

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long snapshots are kept (SNAPSHOT_RETENTION_DAYS, default 30). */
export function retentionMs(): number {
  return env().SNAPSHOT_RETENTION_DAYS * DAY_MS;
}

/** `v<N+1>` for the highest `v<N>` label the owner has (compat §1.7). */
function nextLabel(labels: string[]): string {
  let max = 0;
  for (const l of labels) {
    const m = /^v(\d+)$/.exec(l);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `v${max + 1}`;
}

async function ownerSnapshots(ownerId: string): Promise<SnapshotDoc[]> {
  // Without the reference lists (one id per note of the space): lists need only the metadata.
  const rows = await SnapshotModel.find({ ownerId })
    .select({ assetIds: 0, noteIds: 0 })
    .lean<SnapshotDoc[]>();
  // Newest first; ids break ties of equal timestamps (stable order for clients).
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1));
}

/** A snapshot of the owner, or 404 (also for someone else's: their existence is not revealed). */
export async function findOwnSnapshot(ownerId: string, id: string | undefined): Promise<SnapshotDoc> {
  if (!id) throw notFound('Snapshot');
  const doc = await SnapshotModel.findById(id).lean<SnapshotDoc>();
  if (!doc || doc.ownerId !== ownerId) throw notFound('Snapshot');
  return doc;
}

/**
 * Takes a snapshot of the owner's space now (call only while holding the owner's lock). Skipped when the content
 * equals the newest snapshot's.
 */
export async function createSnapshotLocked(
  ownerId: string,
  options: { label?: string; reason?: AutoSnapshotReason } = {},
): Promise<CreateResult> {
  // Checked against the newest revision now (not up to SPACE_RECHECK_MS old): another instance may just have written.
  recheckSpace(ownerId);
  const data: SnapshotData = spaceData(await getSpace(ownerId));
  const { json, hash } = await encodeData(data);
  const existing = await ownerSnapshots(ownerId);
  if (existing[0]?.hash === hash) return { skipped: true };
  const id = `snap-${randomUUID()}`;
  const { chunks, bytes } = await writeChunks(id, json);
  const doc: SnapshotDoc = {
    _id: id,
    ownerId,
    label: options.label ?? nextLabel(existing.map((s) => s.label)),
    createdAt: new Date(),
    hash,
    chunks,
    bytes,
    tags: data.tags.length,
    cards: data.cards.length,
    ...dataReferences(data),
    ...(options.reason ? { reason: options.reason } : {}),
  };
  // The document is written last: until it exists the chunks belong to nothing (and cleanup removes them).
  await SnapshotModel.create(doc);
  // Like the older service, expired snapshots go after every creation.
  await deleteExpiredSnapshots().catch((err: unknown) =>
    logger.warn('snapshots', 'expiry failed', { error: String(err) }),
  );
  return { item: toSnapshot(doc) };
}

/** Lists the caller's snapshots, newest first. */
export async function listSnapshots(actor: Actor): Promise<SnapshotDto[]> {
  return (await ownerSnapshots(actor.userId)).map(toSnapshot);
}

/** Takes a snapshot of the caller's data (`{skipped:true}` when nothing changed since the newest one). */
export function createSnapshot(actor: Actor, input: { label?: string } = {}): Promise<CreateResult> {
  return oneAtATime(`snapshots:${actor.userId}`, () =>
    createSnapshotLocked(actor.userId, { label: input.label }),
  );
}

/**
 * Takes an automatic snapshot of a user's data before something replaces, deletes or adds to it in bulk (restore,
 * import, reset, clear, destructive MCP tools), so it can be undone. `willChange` (a dry run on the current copy,
 * under the snapshot lock) says whether the operation will change anything: when it will not, no snapshot is taken
 * and the answer is null. When the data equals the newest snapshot's, that one is answered (restoring it undoes the
 * operation just as well) instead of a copy.
 */
export async function takeAutoSnapshot(
  userId: string,
  reason: AutoSnapshotReason,
  willChange?: (space: SpaceSnapshot) => boolean,
): Promise<SnapshotDto | null> {
  const label = `auto: before ${REASON_LABELS[reason]}`;
  return oneAtATime(`snapshots:${userId}`, async () => {
    if (willChange) {
      recheckSpace(userId);
      if (!willChange(await getSpace(userId))) return null;
    }
    const r = await createSnapshotLocked(userId, { label, reason });
    if ('item' in r) return r.item;
    const newest = (await ownerSnapshots(userId))[0];
    return newest ? toSnapshot(newest) : null;
  });
}

/** One of the caller's snapshots with its data (MCP get_snapshot). */
export async function getSnapshot(actor: Actor, id: string): Promise<SnapshotDto & { data: SnapshotData }> {
  const doc = await findOwnSnapshot(actor.userId, id);
  return { ...toSnapshot(doc), data: await readData(doc) };
}

/** Renames one of the caller's snapshots. */
export async function renameSnapshot(
  actor: Actor,
  id: string | undefined,
  label: string,
): Promise<SnapshotDto> {
  const doc = await findOwnSnapshot(actor.userId, id);
  await SnapshotModel.updateOne({ _id: doc._id }, { $set: { label } });
  return toSnapshot({ ...doc, label });
}

async function removeSnapshot(doc: SnapshotDoc): Promise<void> {
  await SnapshotModel.deleteOne({ _id: doc._id });
  await deleteChunks(doc._id, doc.chunks);
}

/** Deletes one of the caller's snapshots (not the one a running restore is reading). */
export async function deleteSnapshot(actor: Actor, id: string | undefined): Promise<void> {
  const doc = await findOwnSnapshot(actor.userId, id);
  const journal = await RestoreJournalModel.findById(actor.userId).lean<{ snapshotId: string }>();
  if (journal?.snapshotId === doc._id) throw conflict('This snapshot is being restored');
  await removeSnapshot(doc);
}

/** Removes every snapshot of a user and any unfinished restore of theirs (account deletion; callers authorise). */
export async function deleteUserSnapshots(userId: string): Promise<void> {
  // The journal first: an unfinished restore must not put rows back after the space is deleted.
  await RestoreJournalModel.deleteOne({ _id: userId });
  await RestoreClaimModel.deleteMany({ ownerId: userId });
  for (const doc of await SnapshotModel.find({ ownerId: userId }).lean<SnapshotDoc[]>())
    await removeSnapshot(doc);
}

/** Deletes every user's snapshots older than the retention period, and chunks no snapshot owns. */
export async function deleteExpiredSnapshots(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - retentionMs());
  const expired = await SnapshotModel.find({ createdAt: { $lt: cutoff } }).lean<SnapshotDoc[]>();
  const busy = new Set(
    (await RestoreJournalModel.find().lean<{ snapshotId: string }[]>()).map((j) => j.snapshotId),
  );
  let cleaned = 0;
  for (const doc of expired) {
    if (busy.has(doc._id)) continue;
    await removeSnapshot(doc);
    cleaned++;
  }
  return cleaned;
}

/** Chunks whose snapshot document was never written (a creation cut off) or is gone (a deletion cut off). */
async function deleteStrayChunks(olderThan: Date): Promise<void> {
  const ids: string[] = await SnapshotChunkModel.distinct('snapshotId', { at: { $lt: olderThan } });
  for (const snapshotId of ids) {
    if (await SnapshotModel.exists({ _id: snapshotId })) continue;
    await SnapshotChunkModel.deleteMany({ snapshotId });
  }
}

/** Admin: removes expired snapshots (and leftovers of interrupted ones) now; returns how many snapshots went. */
export async function cleanupSnapshots(actor: Actor): Promise<{ ok: true; cleaned: number }> {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
  const cleaned = await deleteExpiredSnapshots();
  // A creation writes its chunks a moment before its document: only chunks older than an hour are strays.
  await deleteStrayChunks(new Date(Date.now() - 60 * 60 * 1000));
  return { ok: true, cleaned };
}
