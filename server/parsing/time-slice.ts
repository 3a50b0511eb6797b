// Work on input a user sent (or a site served) runs in slices: after SLICE_MS of it, the event loop gets a turn, so
// other requests are answered while a large upload is read (docs/decisions.md "Untrusted parsing is bounded").
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest stretch one piece of such work keeps the event loop (other requests wait at most about this). */
export const SLICE_MS = 5;

export class TimeSlicer {
  private sliceStart = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Whether the current slice has used its time. */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.budgetMs;
  }

  /** Lets timers and I/O run (the next request), then starts a new slice. */
  async yield(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
  }

  /** Yields when the slice is used up. */
  async maybeYield(): Promise<void> {
    if (this.due()) await this.yield();
  }
}

/** `items.map(fn)` a slice at a time (a wholesale change names tens of thousands of documents). */
export async function mapSliced<T, U>(items: readonly T[], fn: (item: T) => U): Promise<U[]> {
  const slicer = new TimeSlicer();
  const out: U[] = [];
  for (const item of items) {
    await slicer.maybeYield();
    out.push(fn(item));
  }
  return out;
}
