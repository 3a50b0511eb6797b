// Backups of the whole instance (docs/decisions.md §73): the configuration archive (every user's data and files
// plus the settings, the format the configuration import reads) written to the bucket or the server's backup
// folder, on a schedule or on demand, the oldest pruned beyond the retention; restore is the clean import.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Actor } from '../actor';
import { isDuplicateKeyError } from '../db';
import { AppError, conflict, forbidden, isAppError, notFound } from '../errors';
import { logger } from '../logger';
import { configZip } from '../portability/config-export';
import { confirmAdminPassword, importConfig } from '../portability/config-import';
import { getSettings, saveSettings, type Settings } from '../settings/settings.service';
import { BackupRunModel, type BackupRunDoc } from './backup-run.model';
import { backupFolder, backupStore, type BackupStore, type StoredBackup } from './backup-store';
import {
  backupName,
  parseBackupName,
  type BackupItem,
  type BackupList,
  type BackupRun,
  type BackupSettings,
  type BackupSettingsInput,
} from './backup.schema';

const HOUR = 3_600_000;
/** Run records kept for the status line (the archives themselves follow the retention). */
const RUNS_KEPT = 50;

function assertAdmin(actor: Actor) {
  if (actor.role !== 'admin') throw forbidden('Administrator role required');
}

/** Start of the backup slot `now` falls in: one every `everyHours` hours, counted from `hour`:00 UTC. */
export function backupSlot(now: number, everyHours: number, hour: number): number {
  const every = everyHours * HOUR;
  const offset = hour * HOUR;
  return Math.floor((now - offset) / every) * every + offset;
}

/** The lease and run record of a scheduled slot. */
export const slotRunId = (slot: number) => `slot:${slot}`;

function settingsOf(s: Settings): BackupSettings {
  return {
    enabled: s.backupEnabled,
    everyHours: s.backupEveryHours,
    hour: s.backupHour,
    keep: s.backupKeep,
    destination: s.backupDestination,
    folderAvailable: backupFolder() !== null,
  };
}

function toRun(doc: BackupRunDoc): BackupRun {
  return {
    id: doc._id,
    kind: doc.kind,
    status: doc.status,
    name: doc.name,
    destination: doc.destination,
    startedAt: doc.startedAt.toISOString(),
    finishedAt: doc.finishedAt ? doc.finishedAt.toISOString() : null,
    size: doc.size,
    error: doc.error,
  };
}

/** Newest first: by the time in the name, then the name (a manual run in the same second after the scheduled). */
function newestFirst(items: StoredBackup[]): BackupItem[] {
  return items
    .map((o) => {
      const parsed = parseBackupName(o.name)!;
      return { name: o.name, createdAt: parsed.createdAt.toISOString(), size: o.size, kind: parsed.kind };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** The backup schedule (admin). */
export async function getBackupSettings(actor: Actor): Promise<BackupSettings> {
  assertAdmin(actor);
  return settingsOf(await getSettings());
}

/** Changes the backup schedule (admin); the folder destination needs BACKUP_DIR on the server (400 otherwise). */
export async function updateBackupSettings(
  actor: Actor,
  input: BackupSettingsInput,
): Promise<BackupSettings> {
  assertAdmin(actor);
  if (input.destination === 'folder' && !backupFolder())
    throw new AppError('validation_failed', 'destination: the server has no backup folder (BACKUP_DIR)', [
      { path: 'destination', message: 'The server has no backup folder (BACKUP_DIR is not set)' },
    ]);
  const patch: Partial<Settings> = {};
  if (input.enabled !== undefined) patch.backupEnabled = input.enabled;
  if (input.everyHours !== undefined) patch.backupEveryHours = input.everyHours;
  if (input.hour !== undefined) patch.backupHour = input.hour;
  if (input.keep !== undefined) patch.backupKeep = input.keep;
  if (input.destination !== undefined) patch.backupDestination = input.destination;
  return settingsOf(await saveSettings(patch));
}

/** The archives at the current destination (newest first), the last run and when the next one is due (admin). */
export async function listBackups(actor: Actor, now = Date.now()): Promise<BackupList> {
  assertAdmin(actor);
  const s = await getSettings();
  // A folder destination whose BACKUP_DIR was since removed from the environment lists nothing (and runs fail,
  // visibly) rather than breaking the page.
  let stored: StoredBackup[] = [];
  let listError: string | null = null;
  try {
    stored = s.backupDestination === 'folder' && !backupFolder() ? [] : await store(s).list();
  } catch (err) {
    // An unreadable destination is shown on the page (and its runs fail, recorded), not a broken page.
    listError = reasonOf(err);
    logger.warn('backup', 'listing backups failed', { error: listError });
  }
  const items = newestFirst(stored);
  const last = await BackupRunModel.findOne({}).sort({ startedAt: -1 }).lean<BackupRunDoc>();
  let nextRunAt: string | null = null;
  if (s.backupEnabled) {
    const slot = backupSlot(now, s.backupEveryHours, s.backupHour);
    const done = await BackupRunModel.findById(slotRunId(slot)).select({ _id: 1 }).lean();
    // A slot without its run yet (backups just switched on, or the server was down) is caught up at once.
    nextRunAt = new Date(done ? slot + s.backupEveryHours * HOUR : now).toISOString();
  }
  return {
    items,
    total: items.length,
    nextCursor: null,
    destination: s.backupDestination,
    lastRun: last ? toRun(last) : null,
    nextRunAt,
    listError,
  };
}

const store = (s: Settings): BackupStore => backupStore(s.backupDestination);

/** The configuration archive as one stream; a failure producing an entry fails the stream. */
async function archiveStream(): Promise<Readable> {
  return Readable.fromWeb((await configZip()) as NodeWebStream<Uint8Array>);
}

/** Deletes the archives beyond the newest `keep`, and run records beyond the newest RUNS_KEPT. */
async function prune(target: BackupStore, keep: number): Promise<void> {
  const items = newestFirst(await target.list());
  await target.remove(items.slice(keep).map((i) => i.name));
  const old = await BackupRunModel.find({})
    .sort({ startedAt: -1 })
    .skip(RUNS_KEPT)
    .select({ _id: 1 })
    .lean<{ _id: string }[]>();
  if (old.length) await BackupRunModel.deleteMany({ _id: { $in: old.map((r) => r._id) } });
}

function reasonOf(err: unknown): string {
  if (isAppError(err)) return err.message;
  const e = err as { message?: string; code?: string } | null;
  return String(e?.message ?? e?.code ?? err).slice(0, 500);
}

/**
 * Claims run `id` (an insert: with several instances exactly one succeeds; null for the others), writes the
 * archive, then prunes beyond the retention. A failure is recorded on the run with its reason, never thrown.
 */
export async function runBackup(
  id: string,
  kind: BackupRunDoc['kind'],
  startedAt: Date,
  s: Settings,
): Promise<BackupRunDoc | null> {
  const doc: BackupRunDoc = {
    _id: id,
    kind,
    status: 'running',
    name: backupName(startedAt, kind),
    destination: s.backupDestination,
    startedAt,
    finishedAt: null,
    size: null,
    error: null,
  };
  try {
    await BackupRunModel.collection.insertOne(doc as never);
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
  let outcome: Pick<BackupRunDoc, 'status' | 'size' | 'error'>;
  try {
    const target = store(s);
    const size = await target.write(doc.name, await archiveStream());
    outcome = { status: 'done', size, error: null };
    // Only after a complete archive: a failing run never costs an older good one.
    await prune(target, s.backupKeep).catch((err: unknown) =>
      logger.warn('backup', 'pruning old backups failed', { error: String(err) }),
    );
  } catch (err) {
    outcome = { status: 'failed', size: null, error: reasonOf(err) };
    logger.warn('backup', 'backup failed', { id, error: outcome.error });
  }
  const finished = { ...outcome, finishedAt: new Date() };
  await BackupRunModel.updateOne({ _id: id }, { $set: finished });
  return { ...doc, ...finished };
}

/** Writes a backup now, whether or not backups are scheduled (admin); answers the run, done or failed. */
export async function runBackupNow(actor: Actor): Promise<BackupRun> {
  assertAdmin(actor);
  const startedAt = new Date();
  const s = await getSettings();
  const run = await runBackup(`manual:${backupName(startedAt, 'manual')}`, 'manual', startedAt, s);
  if (!run) throw conflict('A backup was started this very second; try again in a moment');
  return toRun(run);
}

/** One archive as a download (admin). */
export async function downloadBackup(actor: Actor, name: string): Promise<Response> {
  assertAdmin(actor);
  const opened = await store(await getSettings()).open(name);
  if (!opened) throw notFound('Backup');
  return new Response(opened.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(opened.size),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Restores a backup (admin, confirmed with their password as a reset is): the clean configuration import of the
 * stored archive, so every archived account's data and the settings are replaced (a snapshot of each space first).
 */
export async function restoreBackup(actor: Actor, name: string, password: string) {
  await confirmAdminPassword(actor, password);
  const result = await store(await getSettings()).withFile(name, (path, size) =>
    importConfig(actor, { path, size, filename: name, dispose: async () => {} }, 'clean'),
  );
  if (!result) throw notFound('Backup');
  return { ...result, restored: name };
}
