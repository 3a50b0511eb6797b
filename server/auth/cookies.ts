import { serialize } from 'cookie';
import { isSecureRequest } from './request';
import { PERSISTENT_TTL_MS } from './session.store';
import { TRUSTED_DEVICE_TTL_MS } from './trusted-device';

export const SESSION_COOKIE = 'sakura-nav-session';
/** Other accounts signed in on this browser (their session tokens), for password-free switching. */
export const ACCOUNTS_COOKIE = 'sakura-nav-accounts';
/** Signed list of users this browser signed in as (see trusted-device.ts). */
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

export function accountsCookie(request: Request, tokens: string[]): string {
  if (tokens.length === 0)
    return serialize(ACCOUNTS_COOKIE, '', { ...base(request), httpOnly: true, maxAge: 0 });
  return serialize(ACCOUNTS_COOKIE, tokens.join('.'), {
    ...base(request),
    httpOnly: true,
    maxAge: Math.floor(PERSISTENT_TTL_MS / 1000),
  });
}

export function csrfCookie(request: Request, token: string): string {
  return serialize(CSRF_COOKIE, token, { ...base(request), httpOnly: false, maxAge: 7 * 24 * 3600 });
}

export function clearCsrfCookie(request: Request): string {
  return serialize(CSRF_COOKIE, '', { ...base(request), httpOnly: false, maxAge: 0 });
}

export function deviceCookie(request: Request, value: string): string {
  return serialize(DEVICE_COOKIE, value, {
    ...base(request),
    httpOnly: true,
    maxAge: Math.floor(TRUSTED_DEVICE_TTL_MS / 1000),
  });
}
