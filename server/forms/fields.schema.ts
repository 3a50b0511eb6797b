// Field shapes several input schemas share (browser-safe: the editors validate with them too).
import { z } from 'zod';

/** A form checkbox or JSON boolean: 'on' and 'true' are true, 'false' is false, anything else must be a boolean. */
export const formBoolean = z.preprocess(
  (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);

/** Optional free text up to `max` characters; empty (after trimming, unless `trim` is false) becomes null. */
export function optionalText(max: number, message: string, { trim = true } = {}) {
  const text = trim ? z.string().trim() : z.string();
  return text
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * zod's `error` option for a required text field: `missing` when the field is absent, and when a value of another
 * type was sent, that it must be text ("Name must be text", the label taken from "Name is required"), so a number
 * given for a name is not answered with "Name is required".
 */
export function textError(missing: string) {
  const label = missing.endsWith(' is required') ? missing.slice(0, -' is required'.length) : 'The value';
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null ? missing : `${label} must be text`,
  };
}

/** A required name of at most `max` characters, trimmed; messages start with `label` ("Tag name is required"). */
export function requiredName(label: string, max: number) {
  return z
    .string(textError(`${label} is required`))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}
