import { data } from 'react-router';
import { csrfTokenMatches, sameOriginRequest, CSRF_FIELD } from '#server/auth/csrf';
import { isAppError } from '#server/errors';

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

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): unknown;
}

/**
 * Turns a service's AppError into a form reply: field details become field errors, the message a form error.
 * Anything else is rethrown (the error boundary shows a generic page).
 */
export function replyWithError(submission: Replyable, err: unknown, hideFields?: string[]) {
  if (!isAppError(err)) throw err;
  const fieldErrors: Record<string, string[]> = {};
  if (Array.isArray(err.details)) {
    for (const d of err.details as { path?: string; message?: string }[]) {
      if (d.path && d.message) (fieldErrors[d.path] ??= []).push(err.message);
    }
  }
  return data(
    submission.reply({
      formErrors: Object.keys(fieldErrors).length ? [] : [err.message],
      fieldErrors,
      hideFields,
    }),
    {
      status: err.status,
    },
  );
}
