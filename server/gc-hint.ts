// Large transfers (uploads and downloads of attachments) allocate a new Buffer for every network read. V8 collects
// such dead buffers only when the memory outside its heap has grown by about 64 MB since the last collection, so a
// 100 MB download held ~70 MB of garbage at its peak although at most one chunk was alive (measured with
// --trace-gc in bench/files.mjs: the collections it ran were all "external memory pressure"). The streaming paths
// therefore ask for a young-generation collection every few MB they move: the chunk buffers are young, and a
// scavenge of a small heap takes about a millisecond. Without access to V8's collector this does nothing.
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options?: { type?: 'minor' | 'major' }) => void;
let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    // Exposes `gc` to contexts created from now on; the app's own global scope stays as it is.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as unknown;
    collect = typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/** Bytes moved between two collections. Small enough to bound the garbage, large enough to cost nothing. */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

/** A counter for one transfer: call it with every chunk's size. */
export function transferGcHint(every = COLLECT_EVERY_BYTES): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < every) return;
    since = 0;
    collector()?.({ type: 'minor' });
  };
}
