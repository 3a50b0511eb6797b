// One policy for every address the app stores or puts into an href or src (docs/decisions.md "One URL policy").
// Browser-safe: the editors validate and preview with it, so it uses nothing but the WHATWG URL parser.
//
// An address is read the way a browser reads it (leading and trailing control characters and spaces dropped, tabs
// and line breaks removed anywhere), parsed with `URL`, and accepted only with a scheme from an allow-list. A bare
// domain (`example.com/x`) becomes `https://example.com/x`; every other accepted address is kept as it was sent.
// The same check runs again where a stored address becomes an href or src, so data stored before it cannot inject.

/** `link`: a site, alternate or social URL. `image`: an icon, logo or QR picture. `note-link`: a link in a note. */
export type UrlKind = 'link' | 'image' | 'note-link';

export type UrlCheck = { ok: true; value: string } | { ok: false; message: string };

export const URL_MESSAGES = {
  required: 'URL is required',
  invalid: 'Enter a web address such as https://example.com',
  scheme: 'This kind of URL is not allowed (use http, https, mailto or tel)',
  imageScheme: 'Use an http(s) image address or an uploaded picture',
} as const;

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** Inline pictures that cannot carry script (no SVG). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;
/** `[text](sakura-site://<cardId>)`: a note's link to one of the owner's site cards. */
const SITE_LINK = /^sakura-site:\/\/[A-Za-z0-9_-]{1,80}$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** `host:port…` parses as a scheme named after the host; it is a bare address. */
const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}(?:[/?#]|$)/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const ORIGIN = 'https://same-origin.invalid';

/** What browsers strip before parsing an address (the WHATWG URL standard's first steps). Linear time. */
export function stripLikeBrowsers(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && raw.charCodeAt(start) <= 0x20) start++;
  while (end > start && raw.charCodeAt(end - 1) <= 0x20) end--;
  return raw.slice(start, end).replace(/[\t\n\r]/g, '');
}

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/** A host name with a dot (or `localhost`, or an IP), an optional port, then anything: `example.com/a?b`. */
function bareAddress(value: string): string | null {
  if (/\s/.test(value)) return null;
  const cut = value.search(/[/?#]/);
  const authority = cut === -1 ? value : value.slice(0, cut);
  const [host = '', port, ...more] = authority.split(':');
  if (more.length || (port !== undefined && !/^\d{1,5}$/.test(port))) return null;
  const labels = host.split('.');
  const named =
    host.toLowerCase() === 'localhost' || (labels.length > 1 && labels.every((l) => LABEL.test(l)));
  if (!named) return null;
  const url = parse(`https://${value}`);
  return url && url.hostname ? `https://${value}` : null;
}

/**
 * Checks an address against the policy and returns what to store: the address as sent (without what browsers
 * strip), or `https://` + a bare domain; or why it was refused.
 */
export function checkUrl(raw: string, kind: UrlKind): UrlCheck {
  let value = stripLikeBrowsers(raw);
  if (!value) return { ok: false, message: URL_MESSAGES.required };
  if (hasControl(value)) return { ok: false, message: URL_MESSAGES.invalid };
  if (kind === 'note-link' && (SITE_LINK.test(value) || /^#[^#]*$/.test(value))) return { ok: true, value };
  if (value.startsWith('//')) value = value.slice(2);
  else if (value.startsWith('/')) {
    // A path on this site; `/\host` would leave it the way `//host` does.
    const url = value.startsWith('/\\') ? null : parse(value, ORIGIN);
    return url?.origin === ORIGIN ? { ok: true, value } : { ok: false, message: URL_MESSAGES.invalid };
  }
  const scheme = SCHEME.exec(value)?.[1]!.toLowerCase();
  const hostAndPort = scheme !== undefined && !LINK_SCHEMES.has(`${scheme}:`) && HOST_PORT.test(value);
  if (scheme !== undefined && !hostAndPort) {
    const url = parse(value);
    if (!url) return { ok: false, message: URL_MESSAGES.invalid };
    if (kind === 'image') {
      if (url.protocol === 'data:' && DATA_IMAGE.test(value)) return { ok: true, value };
      if (!IMAGE_SCHEMES.has(url.protocol)) return { ok: false, message: URL_MESSAGES.imageScheme };
    } else if (!LINK_SCHEMES.has(url.protocol)) {
      return { ok: false, message: URL_MESSAGES.scheme };
    }
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname)
      return { ok: false, message: URL_MESSAGES.invalid };
    return { ok: true, value };
  }
  const bare = bareAddress(value);
  return bare ? { ok: true, value: bare } : { ok: false, message: URL_MESSAGES.invalid };
}

/** A stored link as an href, or null when it does not pass the policy (stored before it, or tampered with). */
export function safeHref(
  value: string | null | undefined,
  kind: 'link' | 'note-link' = 'link',
): string | null {
  if (!value) return null;
  const r = checkUrl(value, kind);
  return r.ok ? r.value : null;
}

/** A stored picture address as an img src, or null. */
export function safeImageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  const r = checkUrl(value, 'image');
  return r.ok ? r.value : null;
}

/** An e-mail address as social cards store it: one `@`, a dotted domain, no spaces. Linear time. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254 || /\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const labels = value.slice(at + 1).split('.');
  return labels.length > 1 && labels.every((l) => l.length > 0);
}
