// Snapshot operations of one owner run one after another in this process (creation compares with the newest
// snapshot, restore takes one first): a small promise chain per owner.
const chains = new Map<string, Promise<unknown>>();

export function withOwnerLock<T>(ownerId: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(ownerId) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => {});
  chains.set(ownerId, tail);
  void tail.then(() => {
    if (chains.get(ownerId) === tail) chains.delete(ownerId);
  });
  return run;
}
