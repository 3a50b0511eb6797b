// Whether a request keeps the server's event loop busy: /api/health is asked again as soon as it answers while `work`
// runs; the worst time from when a check was due to its answer is what any other user waited at worst. Warm the routes `work` uses
// first (a route module's first load is not what is measured).
import { Worker } from 'node:worker_threads';
import { appUrl } from '../setup/app';

/**
 * The worst wait a test accepts. The benchmark's goal is 250 ms (bench/hostile.mjs, a client in another process);
 * here the client shares the app's process and the machine is shared, so scheduling adds its own delays. The
 * stalls these tests guard against were 1.1-6.7 s.
 */
export const HEALTH_WAIT_MAX_MS = 500;

export async function worstHealthWhile<T>(work: () => Promise<T>): Promise<{ result: T; worstMs: number }> {
  const base = await appUrl();
  // Warm: the first answer of a fresh app loads its route modules.
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  let done = false;
  let worstMs = 0;
  const sampler = (async () => {
    let due = performance.now();
    while (!done) {
      try {
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
      } catch {
        // A kept-alive connection the server closed meanwhile: asked again, still counted from `due`.
        continue;
      }
      // Counted from when the check was due (the previous answer): the app runs in this process, so while its event
      // loop is held even the sending of the next check waits, as a client elsewhere would wait for its answer.
      const answered = performance.now();
      worstMs = Math.max(worstMs, answered - due);
      due = answered;
    }
  })();
  try {
    const result = await work();
    done = true;
    // The check in flight when the work ended is counted too.
    await sampler;
    return { result, worstMs };
  } finally {
    done = true;
    await sampler;
  }
}

/**
 * The worst `/api/health` answer time of an app in another process while `work` runs, the checks sent back to back
 * (no pause between them) from a worker thread: the test's own
 * thread may be busy with the work's client side (encoding and sending a 46 MB body held it ~300 ms), which is not
 * the app's doing.
 */
export async function worstHealthOffThread<T>(
  work: () => Promise<T>,
  base: string,
): Promise<{ result: T; worstMs: number }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let done = false;
    parentPort.on('message', () => (done = true));
    (async () => {
      // One check after another, each sent as the previous one is answered: the worst answer time is the longest
      // the app kept a caller waiting.
      let worst = 0;
      while (!done) {
        const sent = performance.now();
        try {
          await (await fetch(workerData + '/api/health')).arrayBuffer();
        } catch {
          continue;
        }
        worst = Math.max(worst, performance.now() - sent);
      }
      parentPort.postMessage(worst);
    })();`,
    { eval: true, workerData: base },
  );
  const worst = new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  // Warm: the first answer of a fresh app loads its route modules.
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  try {
    const result = await work();
    worker.postMessage('stop');
    return { result, worstMs: await worst };
  } finally {
    worker.postMessage('stop');
    await worst.catch(() => 0);
    await worker.terminate();
  }
}

/**
 * The longest time the event loop of this process was held while `work` ran: a 1 ms timer's worst lateness, counted
 * as the CPU time the process used meanwhile when that is less (on a shared machine the process also waits for a
 * core, which no code of ours can shorten).
 */
export async function longestStall<T>(work: () => Promise<T> | T): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    stallMs = Math.max(stallMs, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  }, 1);
  try {
    // A turn of the loop first, so a synchronous `work` is measured too.
    await new Promise((r) => setTimeout(r, 2));
    const result = await work();
    await new Promise((r) => setTimeout(r, 2));
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A bookmark batch body of 46 MB of JSON with many values (20,001 bookmarks, each with 600 tag values): past the
 * batch's size limit, and slow to parse in one piece.
 */
export function hugeBookmarkBatch(): string {
  const values = Array.from({ length: 600 }, (_, j) => j);
  const items = Array.from({ length: 20_001 }, (_, i) => ({
    name: `n${i}`,
    url: `https://x${i}.example/`,
    newTags: values,
  }));
  return JSON.stringify({ items, importMode: 'clean' });
}
