import { serialize } from 'cookie';
import { isSecureRequest } from './request';
import { PERSISTENT_TTL_MS } from './session.store';

export const SESSION_COOKIE = 'sakura-nav-session';
/** Other accounts signed in on this browser (their session tokens), for password-free switching. */
export const ACCOUNTS_COOKIE = 'sakura-nav-accounts';
/** The same for accounts signed in without "keep me signed in": a cookie that ends with the browser session. */
export const BROWSER_ACCOUNTS_COOKIE = 'sakura-nav-accounts-b';
/** Signed list of users this browser signed in as (see trusted-device.ts and app/lib/session.server.ts). */
export const DEVICE_COOKIE = 'sakura-nav-device';
/** Double-submit CSRF token; readable by scripts so API clients can echo it in `x-csrf-token`. */
export const CSRF_COOKIE = 'csrf_token';

const base = (request: Request) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: isSecureRequest(request),
});

export function sessionCookie(request: Request, token: string, persistent: boolean): string {
  return serialize(SESSION_COOKIE, token, {
    ...base(request),
    httpOnly: true,
    maxAge: persistent ? Math.floor(PERSISTENT_TTL_MS / 1000) : undefined,
  });
}

export function clearSessionCookie(request: Request): string {
  return serialize(SESSION_COOKIE, '', { ...base(request), httpOnly: true, maxAge: 0 });
}

/** A session of another account signed in on this browser, and whether it was signed in with "keep me signed in". */
export interface RememberedAccount {
  token: string;
  persistent: boolean;
}

/**
 * The other accounts of this browser, in two cookies that live as long as the sessions they carry: remembered
 * ("keep me signed in") sessions in a 30-day cookie, the others in a browser-session cookie that ends when the
 * browser does, like their own session cookie would have.
 */
export function accountsCookies(request: Request, accounts: readonly RememberedAccount[]): string[] {
  const list = (persistent: boolean) =>
    accounts.filter((a) => a.persistent === persistent).map((a) => a.token);
  const one = (name: string, tokens: string[], maxAge: number | undefined) =>
    tokens.length === 0
      ? serialize(name, '', { ...base(request), httpOnly: true, maxAge: 0 })
      : serialize(name, tokens.join('.'), { ...base(request), httpOnly: true, maxAge });
  return [
    one(ACCOUNTS_COOKIE, list(true), Math.floor(PERSISTENT_TTL_MS / 1000)),
    one(BROWSER_ACCOUNTS_COOKIE, list(false), undefined),
  ];
}

export function csrfCookie(request: Request, token: string): string {
  return serialize(CSRF_COOKIE, token, { ...base(request), httpOnly: false, maxAge: 7 * 24 * 3600 });
}

export function clearCsrfCookie(request: Request): string {
  return serialize(CSRF_COOKIE, '', { ...base(request), httpOnly: false, maxAge: 0 });
}
