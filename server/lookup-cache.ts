// A short, bounded in-process cache of documents read by `_id` on every request (sessions, users): on FerretDB v1
// every lookup is a round trip through a busy SQLite, and a warm list request made two of them before its work.
//
// Entries live CACHE_TTL_MS (0 turns the cache off, as in the unit tests), like the settings: a change made through
// another instance shows here within that time. Changes made through this process invalidate exactly (the owning
// module calls `forget`/`clear`), and a read that started before an invalidation never fills the cache.
import { LRUCache } from 'lru-cache';
import { env } from './env';

export interface LookupCache<T> {
  /** The cached value, or what `fetch` reads (cached when found). */
  get(key: string, fetch: () => Promise<T | null>): Promise<T | null>;
  forget(key: string): void;
  clear(): void;
}

export function lookupCache<T>(max = 10_000): LookupCache<T> {
  const lru = new LRUCache<string, { value: T; at: number }>({ max });
  // Bumped by every invalidation: a read that started under an older generation does not fill the cache.
  let generation = 0;
  return {
    async get(key, fetch) {
      const ttl = env().CACHE_TTL_MS;
      const hit = ttl > 0 ? lru.get(key) : undefined;
      // Copies: callers get a document of their own, as from a fresh read.
      if (hit && Date.now() - hit.at < ttl) return structuredClone(hit.value);
      const started = generation;
      const value = await fetch();
      if (value !== null && ttl > 0 && started === generation)
        lru.set(key, { value: structuredClone(value), at: Date.now() });
      return value;
    },
    forget(key) {
      generation++;
      lru.delete(key);
    },
    clear() {
      generation++;
      lru.clear();
    },
  };
}
