// Reads browser bookmark files: Netscape bookmark HTML (what Chrome, Firefox, Edge and Safari export), Markdown
// links and plain URL lists. Folders become a path of names, which the import turns into tags. The HTML is read with
// htmlparser2's tokenizer (it tolerates the format's unclosed <DT> and <p>); the text formats are scanned by hand in
// linear time. Only http(s) links are kept: `place:`, `javascript:`, `chrome://` and similar are counted as ignored.
import { Parser } from 'htmlparser2';
import { checkUrl } from '../urls/url-policy.shared';

export interface ParsedBookmark {
  name: string;
  url: string;
  /** Folder names from the outermost down, without the browsers' own root folders (toolbar, menu, other). */
  folders: string[];
  description: string;
  /** A small inline picture (Chrome, Edge) or an http(s) icon address (Firefox), when it is usable. */
  iconUrl: string | null;
  addDate: Date | null;
}

export interface ParsedBookmarks {
  format: 'netscape-html' | 'markdown' | 'url-list';
  items: ParsedBookmark[];
  /** Links that are not web addresses (place:, javascript:, file:…), skipped. */
  ignored: number;
}

const NAME_MAX = 80;
const DESCRIPTION_MAX = 200;
const ICON_MAX = 2000;

/** The browsers' own top folders: the bookmarks bar, menu and "other" folders are not a topic, so not a tag. */
const ROOT_FOLDER_NAMES = new Set(
  [
    'bookmarks bar',
    'bookmarks toolbar',
    'bookmarks menu',
    'other bookmarks',
    'mobile bookmarks',
    'favorites bar',
    'favourites bar',
    'bookmarksbar',
    'bookmarksmenu',
    'favorites',
    'bookmarks',
  ].map((n) => n.toLowerCase()),
);

/** `text` without any of `chars` at either end (by hand: a `[…]+$` regex is quadratic on long runs). */
function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start]!)) start++;
  while (end > start && chars.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

function cut(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** The address to keep, or null when it is not an http(s) link. */
function webUrl(raw: string): string | null {
  const r = checkUrl(raw, 'link');
  if (!r.ok || !/^https?:\/\//i.test(r.value)) return null;
  return r.value.length <= 2000 ? r.value : null;
}

function hostName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}

function makeItem(
  name: string,
  url: string,
  folders: string[],
  extra?: Partial<ParsedBookmark>,
): ParsedBookmark {
  return {
    name: cut(name, NAME_MAX) || cut(hostName(url), NAME_MAX),
    url,
    folders,
    description: '',
    iconUrl: null,
    addDate: null,
    ...extra,
  };
}

function iconOf(attrs: Record<string, string>): string | null {
  for (const candidate of [attrs.icon, attrs.icon_uri]) {
    if (!candidate || candidate.length > ICON_MAX) continue;
    const r = checkUrl(candidate, 'image');
    if (r.ok) return r.value;
  }
  return null;
}

function dateOf(seconds: string | undefined): Date | null {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
}

/** Netscape bookmark HTML: <DL> lists of <DT><H3>folder</H3><DL>…</DL> and <DT><A HREF>link</A> (<DD>note). */
function parseNetscape(html: string): ParsedBookmarks {
  const items: ParsedBookmark[] = [];
  let ignored = 0;
  // One entry per open <DL>: the folder it lists (null for a browser root folder or the document's top list).
  const stack: (string | null)[] = [];
  let pendingFolder: string | null | undefined;
  let text: string | null = null;
  let link: { href: string; attrs: Record<string, string> } | null = null;
  let describing: ParsedBookmark | null = null;
  let folderAttrs: Record<string, string> = {};

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'dt' || name === 'dl' || name === 'h3') describing = null;
        if (name === 'h3') {
          text = '';
          folderAttrs = attrs;
        } else if (name === 'a') {
          text = '';
          link = { href: attrs.href ?? '', attrs };
        } else if (name === 'dl') {
          stack.push(pendingFolder ?? null);
          pendingFolder = undefined;
        } else if (name === 'dd') {
          describing = items.at(-1) ?? null;
          if (describing) describing.description = '';
        }
      },
      ontext(chunk) {
        if (text !== null) text += chunk;
        else if (describing) describing.description += chunk;
      },
      onclosetag(name) {
        if (name === 'h3' && text !== null) {
          const label = cut(text, 200);
          const root =
            'personal_toolbar_folder' in folderAttrs ||
            'unfiled_bookmarks_folder' in folderAttrs ||
            (stack.length <= 1 && ROOT_FOLDER_NAMES.has(label.toLowerCase()));
          pendingFolder = root || !label ? null : label;
          text = null;
        } else if (name === 'a' && link && text !== null) {
          const url = webUrl(link.href);
          if (url) {
            const folders = stack.filter((f): f is string => f !== null);
            items.push(
              makeItem(text, url, folders, {
                iconUrl: iconOf(link.attrs),
                addDate: dateOf(link.attrs.add_date),
              }),
            );
          } else ignored++;
          link = null;
          text = null;
        } else if (name === 'dl') {
          stack.pop();
          describing = null;
        }
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  for (const item of items) item.description = cut(item.description, DESCRIPTION_MAX);
  return { format: 'netscape-html', items, ignored };
}

/** The Markdown links `[text](url "title")` of one line, scanned left to right (linear time). */
function markdownLinks(line: string): { text: string; url: string }[] {
  const out: { text: string; url: string }[] = [];
  let open = -1;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === '[') open = i;
    else if (c === ']' && open !== -1 && line[i + 1] === '(') {
      const close = line.indexOf(')', i + 2);
      if (close === -1) break;
      const target =
        line
          .slice(i + 2, close)
          .trim()
          .split(/\s/)[0] ?? '';
      out.push({ text: line.slice(open + 1, i), url: target.replace(/^<|>$/g, '') });
      open = -1;
      i = close;
    }
    i++;
  }
  return out;
}

/** Markdown (links, with `#` headings as folders) and plain URL lists (one address per line, maybe with a title). */
function parseText(content: string): ParsedBookmarks {
  const items: ParsedBookmark[] = [];
  let ignored = 0;
  let sawMarkdown = false;
  const headings: string[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      sawMarkdown = true;
      headings.length = heading[1]!.length - 1;
      headings.push(cut(trimChars(heading[2]!, '# '), 200));
      continue;
    }
    const folders = headings.filter(Boolean);
    const links = markdownLinks(line);
    if (links.length) {
      sawMarkdown = true;
      for (const l of links) {
        const url = webUrl(l.url);
        if (url) items.push(makeItem(l.text, url, folders));
        else ignored++;
      }
      continue;
    }
    // A plain line: the first token that is a web address; the rest of the line (if any) is its title.
    const tokens = line.replace(/^[-*+]\s+/, '').split(/\s+/);
    const at = tokens.findIndex((t) => /^https?:\/\//i.test(t));
    if (at === -1) continue;
    const url = webUrl(tokens[at]!);
    if (!url) {
      ignored++;
      continue;
    }
    const title = trimChars([...tokens.slice(0, at), ...tokens.slice(at + 1)].join(' '), '-|:–— ');
    items.push(makeItem(title, url, folders));
  }
  return { format: sawMarkdown ? 'markdown' : 'url-list', items, ignored };
}

/** Whether a file is Netscape bookmark HTML (or any HTML with links) rather than text. */
function looksLikeHtml(content: string): boolean {
  const head = content.slice(0, 4096).toLowerCase();
  return head.includes('netscape-bookmark-file') || head.includes('<dl') || head.includes('<html');
}

/** Parses a bookmark file of any supported format. */
export function parseBookmarks(content: string): ParsedBookmarks {
  return looksLikeHtml(content) ? parseNetscape(content) : parseText(content);
}
