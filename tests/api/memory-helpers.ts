// Memory measurement for the streaming tests (files, data export): what a transfer keeps alive in this process,
// which runs the app.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// A garbage collector to call: V8 collects dead buffers lazily (tens of MB may wait), which would hide whether
// the streaming path itself holds memory.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Peak RSS growth of this process while `work` runs, collecting garbage between samples: what the transfer keeps
 * alive, not what the collector has yet to free. bench/files.mjs measures the raw peak.
 */
export async function rssGrowth(work: () => Promise<void>): Promise<number> {
  gc();
  const before = process.memoryUsage.rss();
  let peak = before;
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    if (++ticks % 10 === 0) gc();
  }, 25);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}
