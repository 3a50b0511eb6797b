import { parseJson } from '../parsing/json-bounded';

/** Opening braces tried as the start of the answer's object. */
const BRACE_TRIES = 16;

/**
 * The JSON object in a model's answer: the whole text when it is one, else the first fenced code block, else the
 * first balanced `{…}` (strings and escapes honoured). Null when there is none.
 */
export function extractJson(text: string): unknown {
  const tryParse = (s: string) => {
    try {
      return parseJson(s);
    } catch {
      return undefined;
    }
  };
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const whole = tryParse(trimmed);
    if (whole !== undefined) return whole;
  }
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence) {
    const inFence = tryParse(fence[1]!.trim());
    if (inFence !== undefined) return inFence;
  }
  // A few starting braces only: each try scans to the end of the text, so `{` repeated would be quadratic.
  let tries = 0;
  for (
    let start = text.indexOf('{');
    start >= 0 && tries++ < BRACE_TRIES;
    start = text.indexOf('{', start + 1)
  ) {
    const end = matchingBrace(text, start);
    if (end < 0) continue;
    const found = tryParse(text.slice(start, end + 1));
    if (found !== undefined) return found;
  }
  return null;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}
