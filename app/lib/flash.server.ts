import { serialize } from 'cookie';
import { redirect, redirectDocument } from 'react-router';
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

/**
 * The one way a page action ends with a message: a redirect to `to` whose next page shows `flash` as a toast, with
 * any other cookies the action sets. `document` makes the browser load that page anew instead of letting the router
 * revalidate the current one (a deleted card's editor must not be revalidated).
 */
export async function redirectWithFlash(
  request: Request,
  to: string,
  value: Flash,
  { cookies = [], document = false }: { cookies?: string[]; document?: boolean } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of [...cookies, await flashCookie(request, value)]) headers.append('Set-Cookie', cookie);
  return (document ? redirectDocument : redirect)(to, { headers });
}
