import { sweepOrphanAssets } from './assets/asset.sweep';
import { startBackups, stopBackups } from './backups/backup.scheduler';
import { purgeExpiredSessions } from './auth/session.store';
import { logger } from './logger';
import { purgeIdleSseSessions } from './mcp/sse.service';
import { purgeOldLeases, startOnlineChecks, stopOnlineChecks } from './online-check/scheduler';
import { purgeExpiredBuckets } from './rate-limit/rate-limit.service';
import { recoverRestores } from './snapshots/snapshot-restore';
import { deleteExpiredSnapshots } from './snapshots/snapshot.service';
import { sweepSpaceChanges } from './spaces/space-change.model';
import { purgeExpiredTrash } from './trash/trash.service';
import { purgeExpiredAppAuth } from './mcp-oauth/grant.service';

type Task = { name: string; everyMs: number; run: () => Promise<unknown> };

const MINUTE = 60 * 1000;

// FerretDB has no TTL indexes, so expired records are swept by the app. Every sweep is listed here.
export const MAINTENANCE_TASKS: readonly Task[] = [
  { name: 'expired sessions', everyMs: 60 * MINUTE, run: purgeExpiredSessions },
  { name: 'expired rate-limit buckets', everyMs: 10 * MINUTE, run: purgeExpiredBuckets },
  { name: 'expired undo records', everyMs: 10 * MINUTE, run: purgeExpiredTrash },
  { name: 'idle MCP SSE sessions', everyMs: 10 * MINUTE, run: purgeIdleSseSessions },
  { name: 'expired MCP app authorizations', everyMs: 10 * MINUTE, run: purgeExpiredAppAuth },
  { name: 'old space change records', everyMs: MINUTE, run: sweepSpaceChanges },
  { name: 'old online-check leases', everyMs: 60 * MINUTE, run: purgeOldLeases },
  { name: 'interrupted snapshot restores', everyMs: MINUTE, run: () => recoverRestores() },
  { name: 'expired snapshots', everyMs: 60 * MINUTE, run: () => deleteExpiredSnapshots() },
  { name: 'orphaned files', everyMs: 30 * MINUTE, run: () => sweepOrphanAssets() },
];
const timers: NodeJS.Timeout[] = [];

function schedule(task: Task) {
  const timer = setInterval(() => {
    task
      .run()
      .catch((err: unknown) => logger.warn('maintenance', `${task.name} failed`, { error: String(err) }));
  }, task.everyMs);
  timer.unref();
  timers.push(timer);
}

export function startMaintenance(): void {
  if (timers.length > 0 || process.env.NODE_ENV === 'test') return;
  // A restore cut off by the previous run of this process is finished first (once its heartbeat is stale).
  setTimeout(() => {
    recoverRestores().catch((err: unknown) =>
      logger.warn('maintenance', 'interrupted snapshot restores failed', { error: String(err) }),
    );
  }, 0).unref();
  for (const t of MAINTENANCE_TASKS) schedule(t);
  startOnlineChecks();
  startBackups();
}

export function stopMaintenance(): void {
  for (const t of timers.splice(0)) clearInterval(t);
  stopOnlineChecks();
  void stopBackups();
}
