// Finding a site's icon through the safe outbound client: the icons its home page declares
// (`<link rel="icon" …>`, `apple-touch-icon`), then `/favicon.ico`. Bodies are capped; only raster images whose
// bytes say so are kept (no SVG: it can carry script, §9 of docs/decisions.md), whatever the server claims.
import { KIND_RULES } from '../assets/file-rules';
import { OutboundError, safeFetch } from '../net/safe-fetch';
import { scanHtml } from '../parsing/html-scan';
import { detectedMime } from '../assets/file-rules';

/** The largest icon kept and its types (the asset kind's rules), and the most of a home page read. */
const ICON_MAX_BYTES = KIND_RULES['site-icon'].maxBytes;
const ICON_TYPES = KIND_RULES['site-icon'].types as readonly string[];
const PAGE_MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 8_000;
const CANDIDATES_MAX = 4;

const HEADERS = { 'user-agent': 'SakuraDash-icon-fetch/1.0', accept: 'image/*,text/html;q=0.9,*/*;q=0.5' };

export interface FoundIcon {
  bytes: Buffer;
  mimeType: string;
}

/**
 * A `<link>` that declares an icon the server may fetch, as an absolute http(s) address and its rank (lower is
 * better: sizes closest to 64px win, apple-touch-icon after plain icons); null for other links and for SVG.
 */
export function declaredIcon(
  attrs: Record<string, string>,
  base: string,
): { href: string; rank: number } | null {
  if (!attrs.href) return null;
  const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
  if (!rel.includes('icon') && !rel.includes('apple-touch-icon')) return null;
  if ((attrs.type ?? '').toLowerCase().includes('svg') || /\.svg(\?|#|$)/i.test(attrs.href)) return null;
  let href: string;
  try {
    href = new URL(attrs.href, base).href;
  } catch {
    return null;
  }
  if (!/^https?:/.test(href)) return null;
  const size = Number(/(\d+)x\d+/i.exec(attrs.sizes ?? '')?.[1] ?? 32);
  return { href, rank: Math.abs(size - 64) + (rel.includes('icon') ? 0 : 100) };
}

/** Addresses of declared icons, best first, each once. */
export function rankedIcons(found: { href: string; rank: number }[]): string[] {
  return [...new Set([...found].sort((a, b) => a.rank - b.rank).map((f) => f.href))];
}

/**
 * Declared icons of a page, best first. Read with the shared tokenizer scan (linear, in time slices): a page of
 * nested tags held the event loop 7.5 s with the Parser.
 */
export async function declaredIcons(html: string, base: string): Promise<string[]> {
  const found: { href: string; rank: number }[] = [];
  await scanHtml(html, {
    openTag(name, attrs) {
      const icon = name === 'link' ? declaredIcon(attrs, base) : null;
      if (icon) found.push(icon);
    },
  });
  return rankedIcons(found);
}

async function image(url: string): Promise<FoundIcon | null> {
  try {
    const res = await safeFetch(url, {
      headers: HEADERS,
      timeoutMs: TIMEOUT_MS,
      maxBytes: ICON_MAX_BYTES,
      onTooLarge: 'error',
    });
    if (res.status !== 200 || res.body.length === 0) return null;
    const mimeType = await detectedMime(res.body);
    return mimeType && ICON_TYPES.includes(mimeType) ? { bytes: res.body, mimeType } : null;
  } catch (err) {
    if (err instanceof OutboundError) return null;
    throw err;
  }
}

/** The home page's address that answered (https first, then http) and its HTML, or null. */
async function homePage(host: string): Promise<{ url: string; html: string } | null> {
  for (const scheme of ['https', 'http']) {
    try {
      const res = await safeFetch(`${scheme}://${host}/`, {
        headers: HEADERS,
        timeoutMs: TIMEOUT_MS,
        maxBytes: PAGE_MAX_BYTES,
      });
      const type = res.headers.get('content-type') ?? '';
      return { url: res.url, html: res.status < 400 && /html/i.test(type) ? res.text() : '' };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
    }
  }
  return null;
}

/** The icon of the site at `host`, or null when it has none the server can use (or cannot be reached). */
export async function fetchSiteIcon(host: string): Promise<FoundIcon | null> {
  const page = await homePage(host);
  if (!page) return null;
  const candidates = (await declaredIcons(page.html, page.url)).slice(0, CANDIDATES_MAX);
  const fallback = new URL('/favicon.ico', page.url).href;
  if (!candidates.includes(fallback)) candidates.push(fallback);
  for (const url of candidates) {
    const icon = await image(url);
    if (icon) return icon;
  }
  return null;
}
