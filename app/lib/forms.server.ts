import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import {
  readMultipartFile,
  readMultipartForm,
  type IncomingFile,
  type MultipartOptions,
} from '#server/assets/upload';
import { csrfTokenMatches, sameOriginRequest, CSRF_FIELD } from '#server/auth/csrf';
import { trustedOrigin } from '#server/auth/origin';
import type { SubmissionResult } from '@conform-to/react';
import { isAppError, type AppError } from '#server/errors';
import { logger } from '#server/logger';
import { readBodyText } from './api.server';
import { DEFAULT_LOCALE, getI18n, type Locale } from './i18n';

/**
 * CSRF defence for HTML form posts: the browser must say the post comes from this site, and the hidden token
 * must match the `csrf_token` cookie (double submit).
 */
function assertCsrfToken(request: Request, token: string | null | undefined): void {
  if (!sameOriginRequest(request) || !csrfTokenMatches(request, token)) {
    // An expected refusal (a stale page or another site's form): one warning line, no stack.
    logger.warn('csrf', 'form post refused', {
      path: new URL(request.url).pathname,
      origin: request.headers.get('origin'),
      reason: sameOriginRequest(request)
        ? 'token'
        : trustedOrigin(request) === null
          ? 'untrusted host (PUBLIC_URL)'
          : 'cross-site',
    });
    throw data({ code: refusalCode(request) }, { status: 403 });
  }
}

/**
 * Why a form post was refused, for the error page: the site reached at an address it does not trust (so trying again
 * cannot help: PUBLIC_URL), or a stale or foreign form.
 */
export function refusalCode(request: Request): 'untrusted_origin' | 'csrf_failed' {
  return trustedOrigin(request) === null ? 'untrusted_origin' : 'csrf_failed';
}

/** The CSRF check of a URL-encoded form post. */
export function assertFormCsrf(request: Request, formData: FormData): void {
  const token = formData.get(CSRF_FIELD);
  assertCsrfToken(request, typeof token === 'string' ? token : null);
}

export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '');

/**
 * A page's file upload (a plain multipart form): its hidden fields come before the file, so the CSRF token, and
 * whatever `beforeFile` checks, refuse a post before anything is stored.
 */
export function readFormUpload<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: IncomingFile, fields: Record<string, string>) => Promise<T>,
) {
  const beforeFile = (fields: Record<string, string>) => {
    assertCsrfToken(request, fields[CSRF_FIELD]);
    options.beforeFile?.(fields);
  };
  return readMultipartFile(request, { ...options, beforeFile }, handle);
}

/**
 * A page form that carries an optional file among its fields (multipart): the CSRF token and whatever `beforeFile`
 * checks refuse the post before a chosen file is stored; `handle` stores it. Answers the fields as FormData (what
 * `readForm` gives for a URL-encoded post) and what `handle` returned, or null when no file was chosen.
 */
export async function readFormWithFile<T>(
  request: Request,
  options: MultipartOptions,
  handle: (file: IncomingFile, fields: Record<string, string>) => Promise<T>,
): Promise<{ formData: FormData; stored: T | null }> {
  const beforeFile = (fields: Record<string, string>) => {
    assertCsrfToken(request, fields[CSRF_FIELD]);
    options.beforeFile?.(fields);
  };
  const { result, fields, entries } = await readMultipartForm(request, { ...options, beforeFile }, handle);
  if (result === null) assertCsrfToken(request, fields[CSRF_FIELD]);
  const formData = new FormData();
  for (const [k, v] of entries) formData.append(k, v);
  return { formData, stored: result };
}

/**
 * Whether a post carries its confirmation (`confirm=on`: the confirm step's button or a ticked confirm box). Page
 * actions that cannot be undone answer a post without it with their confirm step instead of acting.
 */
export function isConfirmed(form: FormData): boolean {
  return form.get('confirm') === 'on';
}

/**
 * Reads a page's form post (URL-encoded, as HTML forms and React Router send them), refusing it as soon as it
 * passes `maxBytes` while it streams in, then checks CSRF. File uploads do not come through here.
 */
export async function readForm(request: Request, maxBytes = 256 * 1024): Promise<FormData> {
  if (/^multipart\//i.test(request.headers.get('content-type') ?? '')) {
    throw data({ code: 'unsupported_media_type' }, { status: 415 });
  }
  let text: string;
  try {
    text = await readBodyText(request, maxBytes);
  } catch (err) {
    if (isAppError(err)) throw data({ code: err.code }, { status: err.status });
    throw err;
  }
  const formData = new FormData();
  for (const [k, v] of new URLSearchParams(text)) formData.append(k, v);
  assertFormCsrf(request, formData);
  return formData;
}

export function headersWithCookies(cookies: string[], init?: HeadersInit): Headers {
  const h = new Headers(init);
  for (const c of cookies) h.append('Set-Cookie', c);
  return h;
}

/** Anything with conform's reply(). */
export interface Replyable {
  reply(options?: {
    resetForm?: boolean;
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/** The message a page shows for a service error (rate limits get their wait time in the page's language). */
export function pageErrorMessage(err: unknown, locale: Locale = DEFAULT_LOCALE): string {
  if (!isAppError(err)) throw err;
  if (err.code === 'rate_limited') {
    return getI18n(locale).t('errors.rateLimited', { seconds: err.headers?.['Retry-After'] ?? '60' });
  }
  if (err.code === 'secret_required') return getI18n(locale).t('errors.secretRequired');
  return err.message;
}

/**
 * A service's AppError as form errors, the one mapping every page uses: validation details become errors on
 * their fields; other errors that name fields put their message there; anything else is a form error (or an
 * error on `field`). Unexpected errors are rethrown (the error boundary shows a generic page).
 */
export function serviceFormErrors(
  err: unknown,
  options: { locale?: Locale; field?: string } = {},
): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  if (!isAppError(err)) throw err;
  const message = pageErrorMessage(err, options.locale);
  const fieldErrors: Record<string, string[]> = {};
  if (Array.isArray(err.details)) {
    for (const d of err.details as { path?: string; message?: string }[]) {
      if (!d.path) continue;
      (fieldErrors[d.path] ??= []).push(err.code === 'validation_failed' && d.message ? d.message : message);
    }
  }
  if (Object.keys(fieldErrors).length) return { formErrors: [], fieldErrors };
  if (options.field) return { formErrors: [], fieldErrors: { [options.field]: [message] } };
  return { formErrors: [message], fieldErrors };
}

/** A conform reply for a service error, with the error's status. */
export function replyWithError(
  submission: Replyable,
  err: unknown,
  locale: Locale,
  options: { field?: string; hideFields?: string[] } = {},
): { result: SubmissionResult<string[]>; status: number } {
  const errors = serviceFormErrors(err, { locale, field: options.field });
  return {
    result: submission.reply({ ...errors, hideFields: options.hideFields }),
    status: (err as AppError).status,
  };
}

/**
 * One form of a page that has several, told apart by `intent`: the post is parsed with `schema` and handed to
 * `run`; a refused submission (400) or a service's refusal (with its status) comes back to that form as
 * `{intent, result}`, on `field` when one is named.
 */
export async function submitIntent<I extends string, S extends z.ZodType, R>(
  form: { formData: FormData; intent: I; locale: Locale },
  options: { schema: S; hideFields?: string[]; field?: string | ((err: unknown) => string | undefined) },
  run: (value: z.output<S>, submission: Replyable) => Promise<R>,
) {
  const { formData, intent, locale } = form;
  const { schema, hideFields, field } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    return await run(submission.value, submission);
  } catch (err) {
    const named = typeof field === 'function' ? field(err) : field;
    const { result, status } = replyWithError(submission, err, locale, { field: named, hideFields });
    return data({ intent, result }, { status });
  }
}
