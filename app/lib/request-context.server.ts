import { createContext, data, redirect, type MiddlewareFunction, RouterContextProvider } from 'react-router';
import type { Actor } from '#server/actor';
import type { UserDoc } from '#server/users/user.model';
import { authenticate, channelOf, refusesChange } from '#server/auth/authenticate';
import { CSRF_COOKIE, csrfCookie } from '#server/auth/cookies';
import { newCsrfToken } from '#server/auth/csrf';
import { readCookies } from '#server/auth/request';
import { isInitialized } from '#server/setup/setup.service';
import { ADMIN_ID } from '#server/actor';
import { getSpace } from '#server/spaces/space.cache';
import { visitorPagesEpoch } from '#server/visitor-pages';
import { LOCALES, type Locale } from './i18n';
import type { Flash } from './flash';
import { loadsAsDocument } from './document-load';
import { FLASH_COOKIE, readFlash } from './flash.server';
import { THEME_COOKIE, isTheme, type Theme } from './preferences';
import { requestLocale } from './request-locale.server';
import {
  CSRF_MARK,
  NONCE_MARK,
  cachedPage,
  cachedPageHit,
  isCacheablePage,
  pageCacheKey,
  pageCacheRender,
} from './page-cache.server';

export interface RequestInfo {
  actor: Actor | null;
  /** The actor's user record, as verified with their credential (server/auth/authenticate.ts). */
  account: UserDoc | null;
  locale: Locale;
  theme: Theme;
  csrfToken: string;
  flash: Flash | null;
  /** Cookies to set on whatever response this request ends with. */
  setCookies: string[];
}

export const requestInfoContext = createContext<RequestInfo>();

// React Router hands the middleware a client data request (`/x.data`) under its page's own address; the request
// as it arrived says which it was (false where no load context is given, e.g. the Vite dev server).
const dataRequestContext = createContext<boolean>(false);

/** The load context for a request as it arrived: scripts/lib/rr-express.mjs passes it to React Router. */
export function loadContextOf(request: Request): RouterContextProvider {
  const dataRequest = new URL(request.url).pathname.endsWith('.data');
  return new RouterContextProvider(new Map([[dataRequestContext, dataRequest]]));
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

// Paths reachable before the first admin exists.
const SETUP_ALLOWED = ['/setup', '/preferences'];

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

function withHeaders(response: Response, setCookies: string[]): Response {
  let res = response;
  // Never clear a flash message on the response that sets a new one (Set-Cookie headers apply in order).
  const setsFlash = response.headers
    .getSetCookie()
    .some((c) => c.startsWith(`${FLASH_COOKIE}=`) && !/max-age=0/i.test(c));
  const cookies = setsFlash ? setCookies.filter((c) => !c.startsWith(`${FLASH_COOKIE}=`)) : setCookies;
  try {
    for (const c of cookies) res.headers.append('Set-Cookie', c);
  } catch {
    // Some responses carry immutable headers; copy them.
    res = new Response(res.body, res);
    for (const c of cookies) res.headers.append('Set-Cookie', c);
  }
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
  return res;
}

interface Prepared {
  info: RequestInfo;
  cookies: Record<string, string | undefined>;
  setCookies: string[];
  flash: Awaited<ReturnType<typeof readFlash>>;
}

// Once per request: `sharedPageHit` prepares a request first, and what it does not answer reaches the middleware.
const prepared = new WeakMap<Request, Promise<Prepared>>();

function prepare(request: Request, dataRequest = false): Promise<Prepared> {
  let p = prepared.get(request);
  if (!p) {
    p = prepareOnce(request, dataRequest);
    prepared.set(request, p);
  }
  return p;
}

async function prepareOnce(request: Request, dataRequest: boolean): Promise<Prepared> {
  const cookies = readCookies(request);
  const setCookies: string[] = [];
  let csrfToken = cookies[CSRF_COOKIE];
  if (!csrfToken || !/^[0-9a-f]{64}$/.test(csrfToken)) {
    csrfToken = newCsrfToken();
    setCookies.push(csrfCookie(request, csrfToken));
  }
  // A flash message is for the next page view: only reads that show it consume it (an action's response may set a
  // new one, and a data request for a page the client loads as a document would eat the message of that load).
  const shows = !(dataRequest && loadsAsDocument(new URL(request.url).pathname));
  const flash =
    (request.method === 'GET' || request.method === 'HEAD') && shows
      ? await readFlash(request, cookies)
      : null;
  if (flash) setCookies.push(flash.clearCookie);
  const { actor, user: account } = await authenticate(request);
  const theme = isTheme(cookies[THEME_COOKIE]) ? cookies[THEME_COOKIE] : 'system';
  const locale = requestLocale(request);
  const info: RequestInfo = {
    // On pages the caller writes in the interface's language (the names the system gives their new records).
    actor: actor && { ...actor, lang: locale },
    account: actor ? account : null,
    locale,
    theme,
    csrfToken,
    flash: flash?.value ?? null,
    setCookies,
  };
  return { info, cookies, setCookies, flash };
}

/** A visitor's home page (app/lib/page-cache.server.ts) is shared; what names its variant and its version. */
async function sharedPageKey(request: Request, { info, cookies, flash }: Prepared, dataRequest = false) {
  if (info.actor || flash || dataRequest || !isCacheablePage(request)) return null;
  // The revision and its record's time name the database state shown, however often the copy was loaded.
  const { rev, revAt } = await getSpace(ADMIN_ID);
  return {
    variant: pageCacheKey(request, [info.locale, info.theme, cookies.search_engine ?? '']),
    version: `${rev}@${revAt}:${visitorPagesEpoch()}`,
  };
}

/**
 * The visitor's home page straight from the cache, before React Router matches a route or runs the middleware
 * (scripts/lib/rr-express.mjs asks every request): the same checks as `rootMiddleware` below, then a cached page
 * or null (anything else, a miss included, takes the ordinary way). Matching ~120 routes cost a sixth of the
 * app's time under load (a CPU profile of bench/home.mjs).
 */
export async function sharedPageHit(request: Request): Promise<Response | null> {
  if (!isCacheablePage(request) || channelOf(request) !== 'page') return null;
  const ready = await prepare(request);
  const key = await sharedPageKey(request, ready);
  if (!key || !(await isInitialized())) return null;
  const page = cachedPageHit(key.variant, key.version, ready.info.csrfToken);
  return page && withHeaders(page, ready.setCookies);
}

/** Resolves who is asking and how they want pages shown; runs once per request before any loader or action. */
export const rootMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const channel = channelOf(request);
  // The MCP authorization flow's JSON endpoints read no cookie and set none; a change sent with an access token is
  // refused before they run, as on pages (docs/decisions.md §69).
  if (channel === 'oauth' && (await refusesChange(request))) {
    const refusal = { error: 'invalid_request', error_description: 'Access tokens are not accepted here' };
    return withHeaders(Response.json(refusal, { status: 403 }), []);
  }
  if (channel !== 'page') {
    // Resource routes do their own authentication; they only get the common headers.
    return withHeaders(await next(), []);
  }
  const dataRequest = context.get(dataRequestContext);
  const ready = await prepare(request, dataRequest);
  const { info, setCookies } = ready;
  context.set(requestInfoContext, info);

  // Pages are for browsers: an access token gives no rights here, and a change sent with one is refused before any
  // action runs (the one policy lives in server/auth/authenticate.ts).
  if (await refusesChange(request)) {
    throw data(
      { code: 'forbidden', message: 'Access tokens are for the /api endpoints, not for pages' },
      403,
    );
  }
  const path = url.pathname.replace(/\.data$/, '');
  if (!SETUP_ALLOWED.some((p) => path === p || path.startsWith(`${p}/`)) && !(await isInitialized())) {
    throw redirect('/setup');
  }
  // Visitors' home page: one render serves everyone with the same key (app/lib/page-cache.server.ts).
  const key = await sharedPageKey(request, ready, dataRequest);
  if (key) {
    context.set(requestInfoContext, { ...info, csrfToken: CSRF_MARK });
    context.set(pageCacheRender, { nonce: NONCE_MARK });
    const page = cachedPage(key.variant, key.version, info.csrfToken, () => next());
    return withHeaders(await page, setCookies);
  }
  return withHeaders(await next(), setCookies);
};

export { LOCALES };
