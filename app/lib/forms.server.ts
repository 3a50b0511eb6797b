import { data } from 'react-router';
import { csrfTokenMatches, sameOriginRequest, CSRF_FIELD } from '#server/auth/csrf';

/**
 * CSRF defence for HTML form posts: the browser must say the post comes from this site, and the hidden token
 * must match the `csrf_token` cookie (double submit).
 */
export function assertFormCsrf(request: Request, formData: FormData): void {
  const token = formData.get(CSRF_FIELD);
  if (!sameOriginRequest(request) || !csrfTokenMatches(request, typeof token === 'string' ? token : null)) {
    throw data({ code: 'csrf_failed' }, { status: 403 });
  }
}

/** Reads a form body with a size cap, then checks CSRF. */
export async function readForm(request: Request, maxBytes = 256 * 1024): Promise<FormData> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw data({ code: 'payload_too_large' }, { status: 413 });
  const formData = await request.formData();
  assertFormCsrf(request, formData);
  return formData;
}

export function headersWithCookies(cookies: string[], init?: HeadersInit): Headers {
  const h = new Headers(init);
  for (const c of cookies) h.append('Set-Cookie', c);
  return h;
}
