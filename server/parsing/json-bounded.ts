// JSON from outside (request bodies, archives, providers' answers) is parsed only when it is nested at most
// JSON_DEPTH_MAX levels deep. JSON.parse's time grows faster than the depth: 1 MB of `[`…`]` (the default body
// limit, on a route open to anyone) held the event loop 1.1 s. The check is one linear pass, and a body is checked
// piece by piece as it arrives, so a deep one is refused at its first piece (docs/decisions.md "Untrusted parsing is
// bounded").
import { AppError } from '../errors';

/** Deeper than anything this service reads or writes (a batch import item is 4 levels down). */
export const JSON_DEPTH_MAX = 64;

/** The bytes of JSON's structure, for the readers here that scan it piece by piece. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_ARRAY = 0x5b;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_ARRAY = 0x5d;
export const CLOSE_OBJECT = 0x7d;

/** The nesting depth of JSON text fed to it in pieces (strings skipped, escapes honoured across pieces). */
export class JsonDepthGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max = JSON_DEPTH_MAX) {}

  /** Reads the next piece; false once the text has opened more than `max` arrays or objects inside each other. */
  feed(text: string): boolean {
    let { depth, inString, escaped } = this;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++depth > this.max) return false;
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    }
    Object.assign(this, { depth, inString, escaped });
    return true;
  }
}

/** Whether `text` opens more than `max` arrays or objects inside each other. */
export function jsonTooDeep(text: string, max = JSON_DEPTH_MAX): boolean {
  return !new JsonDepthGauge(max).feed(text);
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
