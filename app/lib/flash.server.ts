import { serialize } from 'cookie';
import { isSecureRequest } from '#server/auth/request';
import type { Flash } from './flash';
import { readSigned, serializeSigned, signedCookie } from './signed-cookies.server';

export const FLASH_COOKIE = 'flash';

export type { Flash };

const flash = () => signedCookie(FLASH_COOKIE, 60);

/** A Set-Cookie header carrying a flash message to the next page. */
export function flashCookie(request: Request, value: Flash): Promise<string> {
  return serializeSigned(flash(), request, value);
}

function isFlash(value: unknown): value is Flash {
  const v = value as Partial<Flash> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'success' || v.kind === 'error' || v.kind === 'info') &&
    typeof v.key === 'string'
  );
}

/** The flash message a request carries (null when it is not validly signed) and the header that clears it. */
export async function readFlash(
  request: Request,
  cookies: Record<string, string | undefined>,
): Promise<{ value: Flash | null; clearCookie: string } | null> {
  if (!cookies[FLASH_COOKIE]) return null;
  const clearCookie = serialize(FLASH_COOKIE, '', {
    path: '/',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request),
  });
  const value = await readSigned(flash(), request);
  return { value: isFlash(value) ? value : null, clearCookie };
}
