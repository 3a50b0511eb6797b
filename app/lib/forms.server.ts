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
import { issuesToFieldErrors } from './editor-values';
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

/** A number field of a form, or undefined when blank or not a number. */
export function numberField(form: FormData, name: string): number | undefined {
  const raw = String(form.get(name) ?? '').trim();
  if (!raw) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
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

/** Errors for a form: on the form as a whole, or on named fields. */
export interface FormErrors {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

/** Thrown by `checkInput` inside a `submitForm` run: the form comes back with these errors (a 400). */
class FormRefused {
  constructor(readonly errors: FormErrors) {}
}

/** Inside a `submitForm` run: sends the form back with these errors (a 400), e.g. a rule only the run can check. */
export function refuseForm(errors: FormErrors): never {
  throw new FormRefused(errors);
}

/**
 * The input the service gets, checked by the API's own schema (the editors map a form's value to it first): what
 * the API refuses, the pages refuse too, with the issues on the form's fields.
 */
export function checkInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new FormRefused({ fieldErrors: issuesToFieldErrors(parsed.error.issues) });
  return parsed.data;
}

type Reply = SubmissionResult<string[]>;
/** What a form gets back: its conform reply, tagged with its `intent` on a page that has several forms. */
type FormReply<I> = [I] extends [string] ? { intent: I; result: Reply } : Reply;

/**
 * The one pipeline of a page form. The post is parsed with `schema` (the zod schema the form checks in the browser
 * too) and its value handed to `run`, which calls the service and ends the way it likes (usually
 * `redirectWithFlash`). Otherwise the form comes back with conform's reply: a refused submission (400; a 200 for
 * conform's own intents, such as adding a list row without JavaScript), `refused` (errors known before parsing,
 * e.g. a refused upload; 400), what `checkInput` refused (400), or a service's AppError with its status, mapped by
 * `errors` or else by `serviceFormErrors` (on `field` when one is named). `intent` tags the reply for a page with
 * several forms (`{intent, result}`); `hideFields` are never sent back (passwords).
 */
export async function submitForm<S extends z.ZodType, R, I extends string | undefined = undefined>(
  formData: FormData,
  options: {
    schema: S;
    locale: Locale;
    intent?: I;
    hideFields?: string[];
    field?: string | ((err: unknown) => string | undefined);
    errors?: (err: unknown) => FormErrors | undefined;
    refused?: FormErrors | null;
  },
  run: (value: z.output<S>, submission: Replyable) => Promise<R>,
) {
  const { schema, locale, intent, hideFields, field } = options;
  const submission = parseWithZod(formData, { schema });
  const answer = (errors: FormErrors | undefined, status: number) => {
    const result = submission.reply({ ...errors, hideFields });
    return data((intent === undefined ? result : { intent, result }) as FormReply<I>, { status });
  };
  if (options.refused) return answer(options.refused, 400);
  if (submission.status !== 'success') return answer(undefined, submission.status === 'error' ? 400 : 200);
  try {
    return await run(submission.value, submission);
  } catch (err) {
    if (err instanceof FormRefused) return answer(err.errors, 400);
    const named = typeof field === 'function' ? field(err) : field;
    const errors = options.errors?.(err) ?? serviceFormErrors(err, { locale, field: named });
    return answer(errors, (err as AppError).status);
  }
}
