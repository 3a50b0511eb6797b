// Scheduled backups: every BACKUP_TICK_MS each app instance asks whether the current slot (every N hours from the
// admin's UTC hour) has its run; the first to insert the slot's run record writes the archive, the others see the
// duplicate key and do nothing (docs/decisions.md §73; the online checks' lease, §30). A slot that began while
// the server was down, or before backups were switched on, is caught up at the next tick.
import type { BackupRunDoc } from './backup-run.model';
import { env } from '../env';
import { logger } from '../logger';
import { getSettings } from '../settings/settings.service';
import { backupSlot, runBackup, slotRunId } from './backup.service';

/** Runs the backup of the slot `now` falls in unless backups are off or an instance already claimed it. */
export async function runDueBackup(now = Date.now()): Promise<BackupRunDoc | null> {
  const s = await getSettings();
  if (!s.backupEnabled) return null;
  const slot = backupSlot(now, s.backupEveryHours, s.backupHour);
  return runBackup(slotRunId(slot), 'scheduled', new Date(now), s);
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | null = null;
let ticks = 0;

/** How many ticks have finished since this process started (what a test waits on instead of a time). */
export const backupTicks = () => ticks;

/** Starts asking every tick (not under NODE_ENV=test unless a test starts it itself). */
export function startBackups(tickMs = env().BACKUP_TICK_MS): void {
  if (timer) return;
  timer = setInterval(() => {
    if (running) return;
    running = runDueBackup()
      .catch((err: unknown) => logger.warn('backup', 'scheduled backup failed', { error: String(err) }))
      .finally(() => {
        running = null;
        ticks++;
      });
  }, tickMs);
  timer.unref();
}

/** Stops asking; resolves once a run in progress has finished. */
export async function stopBackups(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
