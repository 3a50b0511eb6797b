import type { Actor } from '../actor';
import { env } from '../env';
import { logger } from '../logger';
import { localSuggestions } from '../navigation/navigation.service';
import { safeFetch } from '../net/safe-fetch';
import type { SuggestQuery } from './suggest.schema';
import { parseJson } from '../parsing/json-bounded';
import { fresh } from '../fresh';

export interface Suggestion {
  value: string;
  kind: 'site' | 'tag' | 'query';
}

const MAX_ENGINE_ITEMS = 8;
/** After a failure an engine is skipped for this long, so a dead network does not slow every keystroke. */
const BACKOFF_MS = 60_000;
const failedAt = new Map<string, number>();

/** Through the one outbound client (server/net/safe-fetch.ts): the engine URLs are settings, not constants. */
async function fetchJson(url: string): Promise<unknown> {
  const res = await safeFetch(url, {
    timeoutMs: env().SUGGEST_TIMEOUT_MS,
    headers: { accept: 'application/json, text/javascript, */*' },
    maxRedirects: 0,
    maxBytes: 256 * 1024,
    onTooLarge: 'error',
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
  return parseJson(res.text(), 'The suggestion answer');
}

const ENGINES: Record<string, (q: string) => Promise<string[]>> = {
  async google(q) {
    const url = new URL(env().SUGGEST_GOOGLE_URL);
    url.searchParams.set('client', 'firefox');
    url.searchParams.set('hl', 'zh-CN');
    url.searchParams.set('q', q);
    const body = (await fetchJson(url.toString())) as unknown[];
    const list = Array.isArray(body) && Array.isArray(body[1]) ? body[1] : [];
    return list.filter((v): v is string => typeof v === 'string');
  },
  async baidu(q) {
    const url = new URL(env().SUGGEST_BAIDU_URL);
    url.searchParams.set('prod', 'pc');
    url.searchParams.set('wd', q);
    const body = (await fetchJson(url.toString())) as { g?: { q?: unknown }[] };
    return (body.g ?? []).map((g) => g.q).filter((v): v is string => typeof v === 'string');
  },
};

async function engineSuggestions(engine: string, q: string): Promise<string[] | null> {
  const run = ENGINES[engine];
  if (!run) return null;
  const last = failedAt.get(engine);
  if (last && fresh(last, BACKOFF_MS)) return null;
  try {
    const values = await run(q);
    failedAt.delete(engine);
    return values
      .map((v) => v.trim())
      .filter(Boolean)
      .slice(0, MAX_ENGINE_ITEMS);
  } catch (err) {
    failedAt.set(engine, Date.now());
    logger.warn('suggest', `${engine} suggestions unavailable`, { error: String(err) });
    return null;
  }
}

/**
 * Search suggestions: matching card and tag names from the caller's own space (visitors: the public space), then
 * the chosen outside engine's queries (`google`, `baidu`; `local` or anything else: none). An engine that fails or
 * is slow is simply left out; with Google, a few generic completions take its place as the older service did.
 */
export async function suggest(actor: Actor | null, query: SuggestQuery): Promise<{ items: Suggestion[] }> {
  const q = query.q.trim();
  if (!q) return { items: [] };
  const engine = (query.engine ?? 'google').toLowerCase();
  const [local, remote] = await Promise.all([localSuggestions(actor, q), engineSuggestions(engine, q)]);
  const items: Suggestion[] = [...local];
  const fallback =
    engine === 'google' && remote === null ? [q, `${q} 官网`, `${q} 教程`, `${q} 下载`, `${q} github`] : [];
  const seen = new Set(items.map((i) => i.value.toLowerCase()));
  for (const value of remote ?? fallback) {
    if (seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    items.push({ value, kind: 'query' });
  }
  return { items: items.slice(0, local.length + MAX_ENGINE_ITEMS) };
}
