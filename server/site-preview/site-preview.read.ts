// What a page says about itself, read from its HTML with the bounded tokenizer scan (docs/decisions.md §57): the
// title, meta description, Open Graph tags and declared icons. Only the head matters, so the scan stops at `<body>`;
// a page without one is read to the end of what was fetched (the fetch caps its size).
import { scanHtml } from '../parsing/html-scan';
import { declaredIcon, rankedIcons } from '../site-icons/site-icon.fetch';

/** Characters kept of any one text while reading (the card fields are shorter; the caller cuts again). */
const TEXT_MAX = 2000;
const ICONS_MAX = 8;

export interface PageMeta {
  title: string;
  description: string;
  siteName: string;
  image: string | null;
  icons: string[];
}

/** Thrown by the handler to end the scan at `<body>`. */
const STOP = Symbol('stop');

/** One line of text: whitespace runs collapsed, trimmed, at most `max` characters (not cutting a surrogate pair). */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : Array.from(flat).slice(0, max).join('').trimEnd();
}

function absoluteHttp(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The page's metadata; `baseUrl` is the address it was fetched from (relative links resolve against it). */
export async function readPageMeta(html: string, baseUrl: string): Promise<PageMeta> {
  const metas = new Map<string, string>();
  const icons: { href: string; rank: number }[] = [];
  let base = baseUrl;
  let title = '';
  let inTitle = false;
  let titleDone = false;
  // Inside <svg> a <title> is an image's caption, not the page's.
  let svgDepth = 0;
  try {
    await scanHtml(html, {
      openTag(name, attrs) {
        if (name === 'body') throw STOP;
        if (name === 'svg') svgDepth++;
        else if (name === 'title' && !titleDone && svgDepth === 0) inTitle = true;
        else if (name === 'base' && base === baseUrl) base = absoluteHttp(attrs.href, baseUrl) ?? baseUrl;
        else if (name === 'meta') {
          const key = (attrs.property || attrs.name || '').toLowerCase().trim();
          if (key && attrs.content !== undefined && !metas.has(key) && metas.size < 64) {
            metas.set(key, attrs.content.slice(0, TEXT_MAX));
          }
        } else if (name === 'link' && icons.length < 64) {
          const icon = declaredIcon(attrs, base);
          if (icon) icons.push(icon);
        }
      },
      closeTag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        else if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        } else if (name === 'head') throw STOP;
      },
      text(text) {
        if (inTitle && title.length < TEXT_MAX) title += text.slice(0, TEXT_MAX - title.length);
      },
    });
  } catch (err) {
    if (err !== STOP) throw err;
  }
  const meta = (...keys: string[]) =>
    keys.map((k) => oneLine(metas.get(k) ?? '', TEXT_MAX)).find(Boolean) ?? '';
  const siteName = meta('og:site_name', 'application-name');
  return {
    title: meta('og:title', 'twitter:title') || oneLine(title, TEXT_MAX) || siteName,
    description: meta('description', 'og:description', 'twitter:description'),
    siteName,
    image: absoluteHttp(
      metas.get('og:image') ?? metas.get('og:image:url') ?? metas.get('twitter:image'),
      base,
    ),
    icons: rankedIcons(icons).slice(0, ICONS_MAX),
  };
}

/** The charset a page declares: the Content-Type header's, else a `<meta>` in its first 1 KB, else UTF-8. */
export function declaredCharset(contentType: string, head: Buffer): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const start = head.subarray(0, 1024).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(start)?.[1];
  return (fromMeta ?? 'utf-8').toLowerCase();
}

/** The body as text in its declared charset (GBK and Big5 pages are common); unknown labels read as UTF-8. */
export function decodePage(body: Buffer, contentType: string): string {
  const charset = declaredCharset(contentType, body);
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
