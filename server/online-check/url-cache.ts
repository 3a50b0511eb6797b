// Results shared by every card (of every user) with the same URL and check settings, for a short while, and one
// probe in flight per key: a thousand cards pointing at one site cost one request.
import { LRUCache } from 'lru-cache';
import { probeSite, type ProbeResult, type ProbeSettings } from './probe';

const TTL_MS = 60_000;
const results = new LRUCache<string, ProbeResult>({ max: 20_000, ttl: TTL_MS });
const inFlight = new Map<string, Promise<ProbeResult>>();

const keyOf = (url: string, s: ProbeSettings) =>
  JSON.stringify([url, s.matchMode, s.matchMode === 'keyword' ? s.keyword : '', s.timeoutSec]);

/** The probe result for `url`, from the cache when fresh; `cached` says which. */
export async function probeCached(
  url: string,
  settings: ProbeSettings,
): Promise<{ result: ProbeResult; cached: boolean }> {
  const key = keyOf(url, settings);
  const hit = results.get(key);
  if (hit) return { result: hit, cached: true };
  let pending = inFlight.get(key);
  if (pending) return { result: await pending, cached: true };
  pending = probeSite(url, settings).finally(() => inFlight.delete(key));
  inFlight.set(key, pending);
  const result = await pending;
  results.set(key, result);
  return { result, cached: false };
}

/** Forgets every cached result (tests; an admin changing the outbound policy). */
export function clearProbeCache(): void {
  results.clear();
}
