// Operations on one key run one after another in this process: a small promise chain per key. Keys name their area
// (`snapshots:<owner>`, `oauth-config`), so areas never wait for each other.
const chains = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(key) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => {});
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return run;
}
