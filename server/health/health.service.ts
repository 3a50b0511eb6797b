import { pingDb } from '../db';
import { pingStorage } from '../storage';

export type CheckState = 'ok' | 'error' | 'timeout';

export interface Health {
  status: 'ok' | 'error';
  timestamp: string;
  checks: { db: CheckState; storage: CheckState };
}

/** Resolves within `timeoutMs` whatever the dependency does. */
async function probe(run: (signal: AbortSignal) => Promise<void>, timeoutMs: number): Promise<CheckState> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, timeoutMs);
  });
  const attempt = run(controller.signal).then(
    () => 'ok' as const,
    () => 'error' as const,
  );
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let inFlight: Promise<Health> | undefined;

/**
 * Checks the database and object storage in parallel; answers within `timeoutMs` even if one hangs. Requests that
 * arrive while a check runs share it, so a burst of health checks does not multiply the load on the dependencies.
 */
export function checkHealth(timeoutMs = 1500): Promise<Health> {
  inFlight ??= runChecks(timeoutMs).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function runChecks(timeoutMs: number): Promise<Health> {
  const [db, storage] = await Promise.all([
    probe(() => pingDb(), timeoutMs),
    probe((signal) => pingStorage(signal), timeoutMs),
  ]);
  return {
    status: db === 'ok' && storage === 'ok' ? 'ok' : 'error',
    timestamp: new Date().toISOString(),
    checks: { db, storage },
  };
}
