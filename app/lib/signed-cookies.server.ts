// The app's signed cookies (flash messages, trusted devices), made with React Router's createCookie: one format,
// HMAC-SHA256 with key rotation. SESSION_SECRET signs; SESSION_SECRET_PREVIOUS, when set, still verifies cookies
// signed before a rotation. Cookies signed in the older hand-made formats are simply not valid any more.
import { createCookie, type Cookie } from 'react-router';
import { isSecureRequest } from '#server/auth/request';
import { env } from '#server/env';

/** Signing keys, newest first. */
export function cookieSecrets(): string[] {
  const { SESSION_SECRET, SESSION_SECRET_PREVIOUS } = env();
  return SESSION_SECRET_PREVIOUS ? [SESSION_SECRET, SESSION_SECRET_PREVIOUS] : [SESSION_SECRET];
}

const made = new Map<string, Cookie>();

/** An httpOnly, same-site-lax signed cookie of the whole site (made once per name). */
export function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: maxAgeSeconds,
      secrets: cookieSecrets(),
    });
    made.set(name, cookie);
  }
  return cookie;
}

/** The Set-Cookie header for a value (Secure on HTTPS requests). */
export function serializeSigned(cookie: Cookie, request: Request, value: unknown): Promise<string> {
  return cookie.serialize(value, { secure: isSecureRequest(request) });
}

/** The verified value of a signed cookie in a request, or null (missing, tampered with, or signed with a retired key). */
export async function readSigned(cookie: Cookie, request: Request): Promise<unknown> {
  const header = request.headers.get('cookie');
  if (!header) return null;
  try {
    return (await cookie.parse(header)) ?? null;
  } catch {
    return null;
  }
}
