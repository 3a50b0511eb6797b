// Memoised values derived from space snapshots (sorted lists, filtered lists, search results), under a byte budget.
//
// Two budgets: lists that every page needs, and search results, which depend on free text and so are unbounded in
// number (an anonymous `/?q=` flood must not push the base lists out). Keys carry the snapshot's serial, so values
// of replaced snapshots are never found again and simply age out.
import { LRUCache } from 'lru-cache';
import { env } from '../env';

export type MemoKind = 'list' | 'search';

/** Rough heap bytes of a derived value: arrays and sets of references, objects of arrays. */
export function approxBytes(value: unknown): number {
  if (Array.isArray(value)) return 64 + value.length * (Array.isArray(value[0]) ? 112 : 16);
  if (value instanceof Set || value instanceof Map) return 64 + value.size * 48;
  if (value && typeof value === 'object') {
    let n = 64;
    for (const v of Object.values(value)) n += approxBytes(v);
    return n;
  }
  return 16;
}

/** Keys memoised per snapshot serial, so a replaced snapshot's values can be dropped at once. */
const keysBySerial = new Map<number, Set<string>>();

function makeCache(maxSize: number) {
  return new LRUCache<string, { v: unknown }>({
    maxSize,
    sizeCalculation: (e) => Math.max(1, approxBytes(e.v)),
    dispose: (_v, key) => {
      const serial = Number(key.slice(0, key.indexOf('\u0001')));
      const keys = keysBySerial.get(serial);
      keys?.delete(key);
      if (keys?.size === 0) keysBySerial.delete(serial);
    },
  });
}

let caches: Record<MemoKind, LRUCache<string, { v: unknown }>> | undefined;

function memo(kind: MemoKind) {
  if (!caches) {
    const total = env().SPACE_MEMO_BYTES;
    caches = { list: makeCache(Math.ceil(total * 0.75)), search: makeCache(Math.ceil(total * 0.25)) };
  }
  return caches[kind];
}

export function memoGet(serial: number, key: string, kind: MemoKind): unknown {
  return memo(kind).get(`${serial}\u0001${key}`)?.v;
}

export function memoSet(serial: number, key: string, value: unknown, kind: MemoKind): void {
  const full = `${serial}\u0001${key}`;
  memo(kind).set(full, { v: value });
  if (memo(kind).has(full)) {
    let keys = keysBySerial.get(serial);
    if (!keys) keysBySerial.set(serial, (keys = new Set()));
    keys.add(full);
  }
}

/** Drops everything memoised for a snapshot that was replaced (it is never asked for again). */
export function forgetMemo(serial: number): void {
  const keys = keysBySerial.get(serial);
  if (!keys) return;
  for (const key of [...keys]) {
    caches?.list.delete(key);
    caches?.search.delete(key);
  }
  keysBySerial.delete(serial);
}
