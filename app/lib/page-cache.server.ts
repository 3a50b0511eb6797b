// A cache of the home page as visitors (not signed in) see it. Rendering the dashboard is the main cost of `GET /`
// (React and i18next, see bench/RESULTS.md "Home page under load"); visitors all see the same page for the same
// address, language, theme and search engine (the variant), so one render serves every visitor.
//
// The two values that must differ per response are rendered as marks and replaced on the way out: the CSP nonce
// (a fresh one per response, in the header and every inline script) and the visitor's CSRF token (their own, from
// their cookie). A page carries its version (the public space's revision, the settings epoch) and is never served
// for another one; it is rendered again once older than PAGE_CACHE_MS (1 s by default, 0 turns the cache off), while
// the previous one is served. docs/decisions.md "Visitor pages: a shared cache".
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { createContext, type RouterContextProvider } from 'react-router';
import { env } from '#server/env';
import { fresh } from '#server/fresh';

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

interface Entry {
  page: CachedPage;
  /** What the page was rendered from (the public space's revision, the settings epoch): another one is a miss. */
  version: string;
  at: number;
}

// One entry per variant of the page (address, language, theme, search engine); a new version replaces it.
let cache: LRUCache<string, Entry> | undefined;
const pages = () =>
  (cache ??= new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (e) => e.page.bytes + 512,
  }));
// Renders in flight by variant and version, so visitors arriving together wait for one render, not fifty.
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

/** The page's variant: its address and what else makes visitors' pages differ (`parts`). */
export function pageCacheKey(request: Request, parts: (string | number)[]): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}\u0000${parts.join('\u0000')}`;
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const MARKS = new RegExp(`${escapeRe(NONCE_MARK)}|${CSRF_MARK}`, 'g');

/**
 * The page with this response's values, as a stream of the cached buffers themselves: nothing the size of the page
 * is copied per response (a copy per response left tens of MB a second of garbage outside V8's heap under load,
 * which it collects only with full collections; bench/RESULTS.md "Home page under load").
 * `X-Page-Cache: hit | stale | miss` tells operators (and the tests) whether a render was shared.
 */
function personalise(page: CachedPage, csrfToken: string, state: 'hit' | 'stale' | 'miss'): Response {
  const nonce = randomBytes(16).toString('base64');
  const values = { nonce: Buffer.from(nonce), csrf: Buffer.from(csrfToken) };
  const chunks: Buffer[] = [page.parts[0]!];
  page.slots.forEach((slot, i) => chunks.push(values[slot], page.parts[i + 1]!));
  const headers = new Headers();
  for (const [k, v] of page.headers) headers.append(k, v.split(NONCE_MARK).join(nonce));
  headers.set('X-Page-Cache', state);
  if (!page.bytes) return new Response(null, { status: page.status, headers });
  headers.set('Content-Length', String(chunks.reduce((n, c) => n + c.length, 0)));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) if (chunk.length) controller.enqueue(chunk);
      controller.close();
    },
  });
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

function renderOnce(
  id: string,
  render: () => Promise<Response>,
  store: (page: CachedPage) => void,
): { page: Promise<CachedPage>; mine: boolean } {
  const pending = rendering.get(id);
  if (pending) return { page: pending, mine: false };
  const page = render()
    .then(snapshot)
    .then((p) => {
      if (shareable(p)) store(p);
      return p;
    })
    .finally(() => rendering.delete(id));
  rendering.set(id, page);
  return { page, mine: true };
}

/**
 * The visitor's page from the cache, or rendered (once for everyone waiting on the same key) with the marks in
 * place of the per-response values. `render` runs the loaders and React; every response it gives is personalised.
 *
 * `variant` names the page (address, language, theme...), `version` what it shows (the public space's revision,
 * the settings epoch): a page of another version is never served. A page of this version older than
 * PAGE_CACHE_MS (it may miss a change made through another instance) is rendered again by the request that finds
 * it so; the requests arriving meanwhile get the previous one (`stale`) instead of queueing behind the render.
 */
export async function cachedPage(
  variant: string,
  version: string,
  csrfToken: string,
  render: () => Promise<Response>,
): Promise<Response> {
  const served = cachedPageHit(variant, version, csrfToken);
  if (served) return served;
  const { page: pending, mine } = renderOnce(`${variant}\u0000${version}`, render, (page) =>
    pages().set(variant, { page, version, at: Date.now() }),
  );
  const page = await pending;
  // Not the same for everyone (an error page, a cookie of its own): render this request's own.
  if (!mine && !shareable(page)) return personalise(await snapshot(await render()), csrfToken, 'miss');
  return personalise(page, csrfToken, mine ? 'miss' : 'hit');
}

/** The page if it can be served without rendering (fresh, or old while another request renders it), else null. */
export function cachedPageHit(variant: string, version: string, csrfToken: string): Response | null {
  const entry = pages().get(variant);
  if (entry?.version !== version) return null;
  if (fresh(entry.at, env().PAGE_CACHE_MS)) return personalise(entry.page, csrfToken, 'hit');
  if (rendering.has(`${variant}\u0000${version}`)) return personalise(entry.page, csrfToken, 'stale');
  return null;
}
