import { serialize } from 'cookie';
import { hmacHex, safeEqual } from '#server/auth/crypto';
import { isSecureRequest } from '#server/auth/request';
import { env } from '#server/env';

export const FLASH_COOKIE = 'flash';

import type { Flash } from './flash';

export type { Flash };

function sign(payload: string): string {
  return hmacHex(env().SESSION_SECRET, `flash:${payload}`).slice(0, 32);
}

/** A Set-Cookie header carrying a flash message to the next page. */
export function flashCookie(request: Request, flash: Flash): string {
  const payload = Buffer.from(JSON.stringify(flash)).toString('base64url');
  return serialize(FLASH_COOKIE, `${payload}.${sign(payload)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
    maxAge: 60,
  });
}

export function readFlash(
  request: Request,
  cookies: Record<string, string | undefined>,
): { value: Flash | null; clearCookie: string } | null {
  const raw = cookies[FLASH_COOKIE];
  if (!raw) return null;
  const clearCookie = serialize(FLASH_COOKIE, '', {
    path: '/',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
  });
  const [payload, sig] = raw.split('.');
  if (!payload || !sig || !safeEqual(sig, sign(payload))) return { value: null, clearCookie };
  try {
    return { value: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Flash, clearCookie };
  } catch {
    return { value: null, clearCookie };
  }
}
