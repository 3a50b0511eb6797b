import type { SubmissionResult } from '@conform-to/react';
import { isAppError } from '#server/errors';
import { getI18n, type Locale } from './i18n';

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
export function pageErrorMessage(err: unknown, locale: Locale): string {
  if (!isAppError(err)) throw err;
  if (err.code === 'rate_limited') {
    return getI18n(locale).t('errors.rateLimited', { seconds: err.headers?.['Retry-After'] ?? '60' });
  }
  return err.message;
}

/**
 * Turns a service error into a conform reply: validation details become field errors, anything else a form
 * error (or an error on `field`). Unexpected errors are rethrown.
 */
export function replyWithError(
  submission: Replyable,
  err: unknown,
  locale: Locale,
  options: { field?: string; hideFields?: string[] } = {},
): { result: SubmissionResult<string[]>; status: number } {
  if (!isAppError(err)) throw err;
  const message = pageErrorMessage(err, locale);
  const hideFields = options.hideFields;
  if (err.code === 'validation_failed' && Array.isArray(err.details)) {
    const fieldErrors: Record<string, string[]> = {};
    for (const d of err.details as { path: string; message: string }[]) {
      (fieldErrors[d.path] ??= []).push(d.message);
    }
    return { result: submission.reply({ fieldErrors, hideFields }), status: err.status };
  }
  if (options.field) {
    return {
      result: submission.reply({ fieldErrors: { [options.field]: [message] }, hideFields }),
      status: err.status,
    };
  }
  return { result: submission.reply({ formErrors: [message], hideFields }), status: err.status };
}
