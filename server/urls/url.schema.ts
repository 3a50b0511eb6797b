// zod fields for addresses, built on the one URL policy (url-policy.shared.ts). Browser-safe.
import { z } from 'zod';
import { textError } from '../forms/fields.schema';
import { checkUrl, isEmailAddress, type UrlKind } from './url-policy.shared';

function policy(kind: UrlKind) {
  return (value: string, ctx: z.RefinementCtx): string => {
    const r = checkUrl(value, kind);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  };
}

/** A required address, checked and normalised (a bare domain gets `https://`). */
export function urlField(kind: UrlKind, max: number, tooLong = `URL must be at most ${max} characters`) {
  return z.string(textError('URL is required')).max(max, tooLong).transform(policy(kind));
}

/** An optional picture address (icon, logo, QR code): empty means none. */
export function optionalImageUrl(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .nullish()
    .transform((v, ctx) => (v?.trim() ? policy('image')(v, ctx) : null));
}

export const EMAIL_MESSAGE = 'Enter an e-mail address such as name@example.com';

export function emailField(required: string) {
  return z
    .string(textError(required))
    .trim()
    .min(1, required)
    .max(254, EMAIL_MESSAGE)
    .refine(isEmailAddress, EMAIL_MESSAGE);
}
