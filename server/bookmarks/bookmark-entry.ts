// One bookmark as every reader of an import file finds it (bookmark files, dashboard configurations), and the checks
// each of its values goes through before the preview shows it.
import { checkUrl } from '../urls/url-policy.shared';
import type { BookmarkFormat } from './bookmark.schema';

export interface ParsedBookmark {
  name: string;
  url: string;
  /** Folder names from the outermost down, without the browsers' own root folders (toolbar, menu, other). */
  folders: string[];
  description: string;
  /** A small inline picture (Chrome, Edge) or an http(s) icon address (Firefox), when it is usable. */
  iconUrl: string | null;
  addDate: Date | null;
  /** The bookmark's own tags: Firefox writes them as `TAGS="a,b"`. */
  tags: string[];
}

export interface ParsedBookmarks {
  format: BookmarkFormat;
  /** The first `maxItems` bookmarks found. */
  items: ParsedBookmark[];
  /** Every bookmark found, kept or not. */
  total: number;
  /** Links that are not web addresses (place:, javascript:, file:…), skipped. */
  ignored: number;
}

const NAME_MAX = 80;
const TAG_MAX = 40;
const TAGS_MAX = 20;
export const DESCRIPTION_MAX = 200;
export const ICON_MAX = 2000;
const URL_MAX = 2000;

export function cut(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** The address to keep, or null when it is not an http(s) link. */
export function webUrl(raw: string): string | null {
  if (raw.length > URL_MAX * 2) return null;
  const r = checkUrl(raw, 'link');
  if (!r.ok || !/^https?:\/\//i.test(r.value)) return null;
  return r.value.length <= URL_MAX ? r.value : null;
}

function hostName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}

/** linkding's marker for an archived bookmark, written among the tags: a state there, not a topic here. */
const LINKDING_MARKER = /^linkding:/i;

/** A bookmark's own tags, each at most 40 characters, 20 at most, without repeats or linkding's markers. */
export function tagList(values: readonly string[]): string[] {
  const tags = values.map((t) => cut(t, TAG_MAX)).filter((t) => t && !LINKDING_MARKER.test(t));
  return [...new Set(tags)].slice(0, TAGS_MAX);
}

export function makeItem(
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
    tags: [],
    ...extra,
  };
}
