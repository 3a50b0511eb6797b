// A short-lived cache of the home page as visitors (not signed in) see it. Rendering the dashboard is the main
// cost of `GET /` (React and i18next, see bench/RESULTS.md "Home page under load"); visitors all see the same
// page for the same address, language, theme and search engine, so one render serves every visitor for a moment.
//
// The two values that must differ per response are rendered as marks and replaced on the way out: the CSP nonce
// (a fresh one per response, in the header and every inline script) and the visitor's CSRF token (their own, from
// their cookie). A page is served at most PAGE_CACHE_MS old (1 s by default, 0 turns the cache off); a write to
// the public space in this process changes its revision, which is part of the key, so it shows at once.
// docs/decisions.md "Visitor pages: a one-second cache".
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createContext, type RouterContextProvider } from 'react-router';
import { env } from '#server/env';

/** Rendered in place of the per-response values; random per process so no content can contain them by chance. */
export const CSRF_MARK = randomBytes(32).toString('hex');
export const NONCE_MARK = randomBytes(16).toString('base64');

const MAX_BYTES = 16 * 1024 * 1024;

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body, UTF-8 encoded, cut at each mark: `parts[i]`, then the value of `slots[i]`, then `parts[i + 1]`. */
  parts: Buffer[];
  slots: ('nonce' | 'csrf')[];
  bytes: number;
}

let cache: LRUCache<string, CachedPage> | undefined;
const pages = () =>
  (cache ??= new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (p) => p.bytes + 512,
    ttl: Math.max(1, env().PAGE_CACHE_MS),
  }));
// Renders in flight, so visitors arriving together wait for one render instead of starting fifty.
const rendering = new Map<string, Promise<CachedPage>>();

/** Set by the root middleware on a render whose result may be cached: the nonce to render with. */
export const pageCacheRender = createContext<{ nonce: string } | null>(null);

export function renderNonce(context: Readonly<RouterContextProvider>): string {
  return context.get(pageCacheRender)?.nonce ?? randomBytes(16).toString('base64');
}

export const pageCacheEnabled = () => env().PAGE_CACHE_MS > 0;

/** Only the dashboard's own page, read by a browser; its data requests (`.data`) carry the token in JSON. */
export function isCacheablePage(request: Request): boolean {
  if (request.method !== 'GET' || !pageCacheEnabled()) return false;
  const url = new URL(request.url);
  return url.pathname === '/' && !url.searchParams.has('edit');
}

export function pageCacheKey(request: Request, parts: (string | number)[]): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}\u0000${parts.join('\u0000')}`;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const MARKS = new RegExp(`${escapeRe(NONCE_MARK)}|${CSRF_MARK}`, 'g');

/** `X-Page-Cache: hit | miss` tells operators (and the tests) whether a render was shared. */
function personalise(page: CachedPage, csrfToken: string, state: 'hit' | 'miss'): Response {
  const nonce = randomBytes(16).toString('base64');
  const values = { nonce: Buffer.from(nonce), csrf: Buffer.from(csrfToken) };
  const chunks: Buffer[] = [page.parts[0]!];
  page.slots.forEach((slot, i) => chunks.push(values[slot], page.parts[i + 1]!));
  const headers = new Headers();
  for (const [k, v] of page.headers) headers.append(k, v.split(NONCE_MARK).join(nonce));
  headers.set('X-Page-Cache', state);
  const body = page.bytes ? Buffer.concat(chunks) : null;
  return new Response(body, { status: page.status, headers });
}

async function snapshot(response: Response): Promise<CachedPage> {
  const headers: [string, string][] = [];
  response.headers.forEach((v, k) => headers.push([k, v]));
  const html = response.body ? await response.text() : '';
  const parts: Buffer[] = [];
  const slots: CachedPage['slots'] = [];
  let from = 0;
  for (const m of html.matchAll(MARKS)) {
    parts.push(Buffer.from(html.slice(from, m.index)));
    slots.push(m[0] === CSRF_MARK ? 'csrf' : 'nonce');
    from = m.index + m[0].length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { status: response.status, headers, parts, slots, bytes: Buffer.byteLength(html) };
}

/** The same for every visitor: a complete HTML page that sets no cookie of its own. */
function shareable(page: CachedPage): boolean {
  return (
    page.status === 200 &&
    page.headers.some(([k, v]) => k === 'content-type' && v.startsWith('text/html')) &&
    !page.headers.some(([k]) => k === 'set-cookie')
  );
}

/**
 * The visitor's page from the cache, or rendered (once for everyone waiting on the same key) with the marks in
 * place of the per-response values. `render` runs the loaders and React; every response it gives is personalised.
 */
export async function cachedPage(
  key: string,
  csrfToken: string,
  render: () => Promise<Response>,
): Promise<Response> {
  const hit = pages().get(key);
  if (hit) return personalise(hit, csrfToken, 'hit');
  let pending = rendering.get(key);
  const mine = !pending;
  if (!pending) {
    pending = render()
      .then(snapshot)
      .then((page) => {
        if (shareable(page)) pages().set(key, page);
        return page;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  const page = await pending;
  // Not the same for everyone (an error page, a cookie of its own): render this request's own.
  if (!mine && !shareable(page)) return personalise(await snapshot(await render()), csrfToken, 'miss');
  return personalise(page, csrfToken, mine ? 'miss' : 'hit');
}
