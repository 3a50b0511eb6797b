// One probe of a site: is it up? HEAD first (cheap), GET when HEAD is refused or fails; in keyword mode the page
// must also contain the keyword, so it is fetched with GET right away. Everything goes through safeFetch.
import { OutboundError, safeFetch, type SafeFetchOptions } from '../net/safe-fetch';

export interface ProbeSettings {
  /** Seconds (the card's siteOnlineCheckTimeout, 1..30). */
  timeoutSec: number;
  matchMode: 'status' | 'keyword';
  keyword: string;
}

export interface ProbeResult {
  online: boolean;
  /** HTTP status of the final answer, when there was one. */
  status?: number;
  /** Why the site counts as offline. */
  reason?: string;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 SakuraDash';
/** Bytes of a page searched for the keyword. */
const KEYWORD_BYTES = 512 * 1024;

const isUp = (status: number) => status >= 200 && status < 400;

export async function probeSite(
  url: string,
  settings: ProbeSettings,
  extra: Pick<SafeFetchOptions, 'policy' | 'resolve'> = {},
): Promise<ProbeResult> {
  const timeoutMs = settings.timeoutSec * 1000;
  const base = { ...extra, timeoutMs, headers: { 'user-agent': USER_AGENT, accept: 'text/html,*/*' } };
  const keyword = settings.matchMode === 'keyword' ? settings.keyword.trim() : '';
  try {
    if (!keyword) {
      const head = await safeFetch(url, { ...base, method: 'HEAD' }).catch((err: unknown) => {
        // A refused address stays refused with GET; anything else gets a second chance.
        if (err instanceof OutboundError && err.kind === 'refused') throw err;
        return null;
      });
      if (head && isUp(head.status)) return { online: true, status: head.status };
    }
    const res = await safeFetch(url, {
      ...base,
      method: 'GET',
      maxBytes: keyword ? KEYWORD_BYTES : 16 * 1024,
    });
    if (!isUp(res.status)) return { online: false, status: res.status, reason: `HTTP ${res.status}` };
    if (keyword && !res.text().includes(keyword)) {
      return { online: false, status: res.status, reason: `The page does not contain "${keyword}"` };
    }
    return { online: true, status: res.status };
  } catch (err) {
    if (err instanceof OutboundError) return { online: false, reason: err.reason };
    throw err;
  }
}
