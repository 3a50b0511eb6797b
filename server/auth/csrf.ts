import { CSRF_COOKIE } from './cookies';
import { randomHex, safeEqual } from './crypto';
import { trustedOrigin } from './origin';
import { readCookies } from './request';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = 'csrf';

/** 64 hex characters, the shape older clients expect in the `csrf_token` cookie. */
export function newCsrfToken(): string {
  return randomHex(32);
}

/**
 * Browser-origin check for state-changing requests. Browsers always send Sec-Fetch-Site and/or Origin on such
 * requests, so a cross-site form or fetch is refused; clients that send neither are not browsers and cannot be
 * used for CSRF. An Origin must be this request's trusted origin exactly (scheme, host and port): none is trusted
 * for a Host the client chose.
 */
export function sameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return site === null || site === 'same-origin' || site === 'none';
  return origin === trustedOrigin(request);
}

/** Double-submit check: the submitted token must equal the `csrf_token` cookie. */
export function csrfTokenMatches(request: Request, submitted: string | null | undefined): boolean {
  const cookie = readCookies(request)[CSRF_COOKIE];
  if (!cookie || !submitted || cookie.length < 32) return false;
  return safeEqual(cookie, submitted);
}
