import { env } from '../env';
import { CSRF_COOKIE } from './cookies';
import { randomHex, safeEqual } from './crypto';
import { readCookies } from './request';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = 'csrf';

/** 64 hex characters, the shape older clients expect in the `csrf_token` cookie. */
export function newCsrfToken(): string {
  return randomHex(32);
}

function allowedHost(origin: string, request: Request): boolean {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === new URL(request.url).host) return true;
  const publicUrl = env().PUBLIC_URL;
  return Boolean(publicUrl && new URL(publicUrl).host === host);
}

/**
 * Browser-origin check for state-changing requests. Browsers always send Sec-Fetch-Site and/or Origin on such
 * requests, so a cross-site form or fetch is refused; clients that send neither are not browsers and cannot be
 * used for CSRF.
 */
export function sameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return site === null || site === 'same-origin' || site === 'none';
  if (origin === 'null') return false;
  return allowedHost(origin, request);
}

/** Double-submit check: the submitted token must equal the `csrf_token` cookie. */
export function csrfTokenMatches(request: Request, submitted: string | null | undefined): boolean {
  const cookie = readCookies(request)[CSRF_COOKIE];
  if (!cookie || !submitted || cookie.length < 32) return false;
  return safeEqual(cookie, submitted);
}
