// JSON from outside (request bodies, archives, providers' answers) is parsed only when it is nested at most
// JSON_DEPTH_MAX levels deep. JSON.parse's time grows faster than the depth: 1 MB of `[`…`]` (the default body
// limit, on a route open to anyone) held the event loop 1.2-2.3 s; the check is one linear pass (docs/decisions.md
// "Untrusted parsing is bounded").
import { AppError } from '../errors';

/** Deeper than anything this service reads or writes (a batch import item is 4 levels down). */
export const JSON_DEPTH_MAX = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether `text` opens more than `max` arrays or objects inside each other (strings are skipped). */
export function jsonTooDeep(text: string, max = JSON_DEPTH_MAX): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

export function tooDeep(what: string, max = JSON_DEPTH_MAX): AppError {
  return new AppError('nesting_too_deep', `${what} is nested more than ${max} levels deep`, { limit: max });
}

/**
 * JSON.parse after the depth check: throws AppError `nesting_too_deep` (400) for deeper text, and JSON.parse's
 * SyntaxError for text that is not JSON.
 */
export function parseJson(text: string, what = 'The JSON', max = JSON_DEPTH_MAX): unknown {
  if (jsonTooDeep(text, max)) throw tooDeep(what, max);
  return JSON.parse(text) as unknown;
}
