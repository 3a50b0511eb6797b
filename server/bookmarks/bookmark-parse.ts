// Reads browser bookmark files: Netscape bookmark HTML (what Chrome, Firefox, Edge, Safari and linkding export),
// Markdown links and plain URL lists, and other dashboards' configurations (dashboard-parse.ts). Folders become a
// path of names, which the import turns into tags. The HTML is read with the shared tokenizer scan (server/parsing/html-scan.ts: linear, in time slices; it tolerates the format's unclosed
// <DT> and <p>); the text formats are scanned by hand in linear time, yielding between slices too. Only http(s) links
// are kept: `place:`, `javascript:`, `chrome://` and similar are counted as ignored.
import { AppError, badRequest, isAppError } from '../errors';
import { scanHtml } from '../parsing/html-scan';
import { readStructured } from '../parsing/structured-read';
import { TimeSlicer } from '../parsing/time-slice';
import { checkUrl } from '../urls/url-policy.shared';
import {
  DESCRIPTION_MAX,
  ICON_MAX,
  cut,
  makeItem,
  tagList,
  webUrl,
  type ParsedBookmark,
  type ParsedBookmarks,
} from './bookmark-entry';
import { readDashboard } from './dashboard-parse';

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

/** Firefox's and linkding's `TAGS="news,tech"`. */
function tagsOf(value: string | undefined): string[] {
  return value ? tagList(value.split(',')) : [];
}

/** linkding writes a bookmark's notes after its description: `<DD>description[linkding-notes]notes[/linkding-notes]`. */
function withoutNotes(text: string): string {
  const at = text.indexOf('[linkding-notes]');
  return at === -1 ? text : text.slice(0, at);
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

/** Open `<DL>` lists a file may nest: real exports stay under 20; more is refused, not read. */
export const BOOKMARK_DEPTH_MAX = 100;
/** Characters of one name or description kept while reading (they are cut to NAME_MAX etc. afterwards). */
const TEXT_KEEP = 10_000;

export interface ParseOptions {
  /** Bookmarks kept at most; the rest are only counted (`total`), so a huge file costs no memory. */
  maxItems?: number;
  /** The uploaded file's name: its extension says how to read it (else the first lines do). */
  filename?: string;
}

function append(text: string, chunk: string): string {
  return text.length >= TEXT_KEEP ? text : text + chunk.slice(0, TEXT_KEEP - text.length);
}

/**
 * Netscape bookmark HTML: <DL> lists of <DT><H3>folder</H3><DL>…</DL> and <DT><A HREF>link</A> (<DD>note).
 * One folder path per open <DL>, shared by reference by its links and by the lists inside it.
 */
async function parseNetscape(html: readonly string[], maxItems: number): Promise<ParsedBookmarks> {
  const items: ParsedBookmark[] = [];
  let total = 0;
  let ignored = 0;
  // The folder path of each open <DL> (the browsers' root folders and unnamed lists add no name).
  const lists: string[][] = [];
  const path = () => lists.at(-1) ?? [];
  let pendingFolder: string | null | undefined;
  let folderText: string | null = null;
  let folderAttrs: Record<string, string> = {};
  let link: { href: string; attrs: Record<string, string>; text: string } | null = null;
  let describing: ParsedBookmark | null = null;
  let described = '';

  const endDescription = () => {
    if (describing) describing.description = cut(withoutNotes(described), DESCRIPTION_MAX);
    describing = null;
  };
  const endFolderName = () => {
    if (folderText === null) return;
    const label = cut(folderText, 200);
    const root =
      'personal_toolbar_folder' in folderAttrs ||
      'unfiled_bookmarks_folder' in folderAttrs ||
      (lists.length <= 1 && ROOT_FOLDER_NAMES.has(label.toLowerCase()));
    pendingFolder = root || !label ? null : label;
    folderText = null;
  };
  const endLink = () => {
    if (!link) return;
    const url = webUrl(link.href);
    const { attrs, text } = link;
    link = null;
    if (!url) {
      ignored++;
      return;
    }
    total++;
    if (items.length >= maxItems) return;
    items.push(
      makeItem(text, url, path(), {
        iconUrl: iconOf(attrs),
        addDate: dateOf(attrs.add_date),
        tags: tagsOf(attrs.tags),
      }),
    );
  };
  // An unclosed <A> or <H3> ends where the next entry, list or list end begins (browsers' files close them).
  const endEntry = () => {
    endLink();
    endFolderName();
    endDescription();
  };

  await scanHtml(html, {
    openTag(name, attrs) {
      if (name === 'a') {
        endEntry();
        link = { href: attrs.href ?? '', attrs, text: '' };
      } else if (name === 'h3') {
        endEntry();
        folderText = '';
        folderAttrs = attrs;
      } else if (name === 'dt' || name === 'dd') {
        endEntry();
        if (name === 'dd' && items.length && items.length === total) {
          describing = items.at(-1)!;
          described = '';
        }
      } else if (name === 'dl') {
        endEntry();
        if (lists.length >= BOOKMARK_DEPTH_MAX) {
          throw new AppError(
            'nesting_too_deep',
            `This file's folders are nested too deeply (more than ${BOOKMARK_DEPTH_MAX} levels)`,
            { limit: BOOKMARK_DEPTH_MAX },
          );
        }
        lists.push(pendingFolder ? [...path(), pendingFolder] : path());
        pendingFolder = undefined;
      }
    },
    text(chunk) {
      if (link) link.text = append(link.text, chunk);
      else if (folderText !== null) folderText = append(folderText, chunk);
      else if (describing) described = append(described, chunk);
    },
    closeTag(name) {
      if (name === 'a') endLink();
      else if (name === 'h3') endFolderName();
      else if (name === 'dl') {
        endEntry();
        lists.pop();
      }
    },
  });
  endEntry();
  return { format: 'netscape-html', items, total, ignored };
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

/** Longer lines are read in pieces of about this size, cut at a space (real lines are far shorter). */
const LINE_MAX = 16 * 1024;

/**
 * The lines of text that comes in pieces, trimmed, without joining the pieces: a line ends at a newline, or after
 * about LINE_MAX characters (cut at a space when there is one), so the work per line is bounded whatever the input.
 */
function* lines(pieces: readonly string[]): Generator<string> {
  let carry = '';
  for (let p = 0; p < pieces.length; p++) {
    const last = p === pieces.length - 1;
    // `carry` is shorter than LINE_MAX, so each piece is looked at about once.
    const text = carry + pieces[p]!;
    carry = '';
    let start = 0;
    while (start < text.length) {
      // Looked for within reach only: searching a 20 MB line to its end for each cut would be quadratic.
      const newline = text.slice(start, start + LINE_MAX + 1).indexOf('\n');
      if (newline !== -1) {
        yield text.slice(start, start + newline).trim();
        start += newline + 1;
        continue;
      }
      if (text.length - start <= LINE_MAX) {
        if (last) yield text.slice(start).trim();
        else carry = text.slice(start);
        break;
      }
      let end = start + LINE_MAX;
      for (let i = end - 1; i > start + LINE_MAX / 2; i--) {
        const c = text.charCodeAt(i);
        if (c === 0x20 || c === 0x09) {
          end = i;
          break;
        }
      }
      yield text.slice(start, end).trim();
      start = end;
    }
  }
}

/** Markdown (links, with `#` headings as folders) and plain URL lists (one address per line, maybe with a title). */
async function parseText(pieces: readonly string[], maxItems: number): Promise<ParsedBookmarks> {
  const items: ParsedBookmark[] = [];
  let total = 0;
  let ignored = 0;
  let sawMarkdown = false;
  const headings: string[] = [];
  const found = (name: string, url: string, folders: string[]) => {
    total++;
    if (items.length < maxItems) items.push(makeItem(name, url, folders));
  };
  const slicer = new TimeSlicer();
  // Line by line without splitting the whole file first (20 MB would be one long pause).
  for (const line of lines(pieces)) {
    if (slicer.due()) await slicer.yield();
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
        if (url) found(l.text, url, folders);
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
    found(title, url, folders);
  }
  return { format: sawMarkdown ? 'markdown' : 'url-list', items, total, ignored };
}

/** A bookmark file's text: whole, or in the pieces it was decoded in as it arrived. */
export type BookmarkText = string | readonly string[];

/** The first `n` characters of a file's text. */
export function textStart(text: BookmarkText, n: number): string {
  if (typeof text === 'string') return text.slice(0, n);
  let out = '';
  for (const piece of text) {
    if (out.length >= n) break;
    out += piece.slice(0, n - out.length);
  }
  return out;
}

/** Whether a file is Netscape bookmark HTML (or any HTML with links) rather than text. */
function looksLikeHtml(head: string): boolean {
  const h = head.toLowerCase();
  return h.includes('netscape-bookmark-file') || h.includes('<dl') || h.includes('<html');
}

type Syntax = 'html' | 'yaml' | 'json' | 'text';

/** The start of a YAML configuration: `---`, a Homepage group (`- Media:`) or Dashy's top keys. */
const YAML_START = /^(?:---|%YAML|- [^:\n]*:[ \t]*(?:#.*)?$|(?:pageInfo|appConfig|sections)[ \t]*:)/;

/**
 * How to read a file: by its extension when it has a telling one (`sure`: a file that then does not parse is refused),
 * else by its first lines.
 */
function syntaxOf(text: BookmarkText, filename: string): { syntax: Syntax; sure: boolean } {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'yml' || ext === 'yaml') return { syntax: 'yaml', sure: true };
  if (ext === 'json') return { syntax: 'json', sure: true };
  if (ext === 'html' || ext === 'htm') return { syntax: 'html', sure: true };
  const head = textStart(text, 4096).replace(/^\uFEFF/, '');
  if (looksLikeHtml(head)) return { syntax: 'html', sure: false };
  const firstLine =
    head
      .split('\n')
      .map((l) => l.trimEnd())
      .find((l) => l.trim() && !l.trimStart().startsWith('#')) ?? '';
  if (/^\s*[[{]/.test(firstLine)) return { syntax: 'json', sure: false };
  if (YAML_START.test(firstLine)) return { syntax: 'yaml', sure: false };
  return { syntax: 'text', sure: false };
}

/**
 * A dashboard configuration (Homepage, Dashy, Homarr), parsed off the event loop; null when the file is none (it is
 * then read as text, as before). A file whose extension says YAML or JSON and that does not parse, or a YAML file of
 * no known dashboard: a 400 naming the problem.
 */
async function parseConfig(
  text: BookmarkText,
  syntax: 'yaml' | 'json',
  sure: boolean,
  maxItems: number,
): Promise<ParsedBookmarks | null> {
  let value: unknown;
  try {
    value = await readStructured(text, syntax, 'This file');
  } catch (err) {
    if (sure || !isAppError(err)) throw err;
    return null;
  }
  const parsed = await readDashboard(value, maxItems);
  if (!parsed && sure && syntax === 'yaml') {
    throw badRequest(
      'This YAML file is not a dashboard configuration this import reads (Homepage services.yaml or bookmarks.yaml, Dashy conf.yml)',
    );
  }
  return parsed;
}

/**
 * Parses a bookmark file of any supported format, in linear time and time slices (another request waits at most a
 * slice); dashboard configurations (YAML, JSON) are parsed in a worker. Folders nested past BOOKMARK_DEPTH_MAX:
 * AppError `nesting_too_deep` (400); a malformed configuration: 400 naming the problem.
 */
export async function parseBookmarks(
  text: BookmarkText,
  options: ParseOptions = {},
): Promise<ParsedBookmarks> {
  const maxItems = options.maxItems ?? Infinity;
  const pieces = typeof text === 'string' ? [text] : text;
  const { syntax, sure } = syntaxOf(text, options.filename ?? '');
  if (syntax === 'yaml' || syntax === 'json') {
    const parsed = await parseConfig(text, syntax, sure, maxItems);
    if (parsed) return parsed;
  }
  return syntax === 'html' ? parseNetscape(pieces, maxItems) : parseText(pieces, maxItems);
}
