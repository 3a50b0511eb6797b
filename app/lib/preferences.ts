export const THEME_COOKIE = 'theme';
export const LANG_COOKIE = 'lang';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * A path on this site to return to after a form post or sign-in; anything else falls back. The value is resolved
 * against the site's origin the way a browser would resolve the redirect (tabs and line breaks dropped, `\` read
 * as `/`), and only a same-origin result is kept, re-serialised by the URL parser: `/\t/evil.example`,
 * `//evil.example`, `/\evil.example` and `/.//evil.example` all leave the site and fall back; a line break can
 * never reach the Location header.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(value, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that starts with two slashes would be read as another host when sent back as a Location.
  return /^\/[/\\]/.test(path) ? fallback : path;
}
