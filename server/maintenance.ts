import { purgeExpiredSessions } from './auth/session.service';
import { logger } from './logger';

type Task = { name: string; everyMs: number; run: () => Promise<unknown> };

// FerretDB has no TTL indexes, so expired records are swept by the app.
const tasks: Task[] = [{ name: 'expired sessions', everyMs: 60 * 60 * 1000, run: purgeExpiredSessions }];
const timers: NodeJS.Timeout[] = [];

export function registerMaintenance(task: Task): void {
  tasks.push(task);
  if (timers.length > 0) schedule(task);
}

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
  for (const t of tasks) schedule(t);
}

export function stopMaintenance(): void {
  for (const t of timers.splice(0)) clearInterval(t);
}
