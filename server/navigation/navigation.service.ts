// The read side of the dashboard: paginated, searchable card lists and tag lists, for visitors and owners.
import { spaceOf, type Actor } from '../actor';
import { toCard, toNoteCard, toSocialCard, type NoteCardDto, type SocialCardDto } from '../cards/card.dto';
import type { CardDoc } from '../cards/card.model';
import type { NavigationQuery } from '../cards/card.schema';
import {
  compareKeys,
  isVirtualTag,
  sortKey,
  sortedCards,
  type ListScope,
  type SortKey,
} from '../cards/card.sort';
import { cardKind } from '../cards/card-kinds.shared';
import { toVisitorCard, toVisitorTag, visitorMaySee, visitorTagCounts } from '../cards/visitor-view';
import { VIRTUAL_NOTE_TAG, VIRTUAL_SOCIAL_TAG } from '../cards/card-kinds.shared';
import { AppError, badRequest, notFound } from '../errors';
import { getSettings } from '../settings/settings.service';
import { getSpace, type SpaceSnapshot } from '../spaces/space.cache';
import { toTag, type TagDto } from '../tags/tag.dto';
import { matchedFields, matchesAll, normalise, searchTerms } from './search-text';
import type { CardPage } from './navigation.dto';
import { virtualOrderOf } from '../tags/tag.service';

export const PAGE_SIZE = 12;

/** Who is looking: the space they see and whether they see it as a visitor. */
export interface Viewer {
  ownerId: string;
  visitor: boolean;
}

export function viewerOf(actor: Actor | null): Viewer {
  return { ownerId: spaceOf(actor), visitor: !actor };
}

// ---- visibility -----------------------------------------------------------------------------------------------

function visibleTo(space: SpaceSnapshot, viewer: Viewer) {
  return viewer.visitor ? visitorMaySee(space) : () => true;
}

/** The one card shape for a viewer: the owner's, or the visitor projection (server/cards/visitor-view.ts). */
async function cardFor(space: SpaceSnapshot, viewer: Viewer) {
  if (!viewer.visitor) return (c: CardDoc) => toCard(c, space);
  const onlineStatus = (await getSettings()).onlineStatusPublic;
  return (c: CardDoc) => toVisitorCard(c, space, { onlineStatus });
}

// ---- cursors --------------------------------------------------------------------------------------------------

/**
 * Cursors are opaque to clients: base64url JSON of the last item's sort key. Continuing after a key (not an
 * offset) means a walk never repeats or skips a card when cards are added meanwhile. The older service's
 * `{"offset": n}` cursors are still accepted.
 */
export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify({ k: key })).toString('base64url');
}

/** A cursor for the card at `offset` (pages that show their position, such as the dashboard's `?page=`). */
export function offsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}

export function decodeCursor(cursor: string): { key: SortKey } | { offset: number } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      k?: unknown;
      offset?: unknown;
    };
    const k = value.k;
    if (
      Array.isArray(k) &&
      k.length === 4 &&
      (k[0] === 0 || k[0] === 1) &&
      typeof k[1] === 'number' &&
      typeof k[2] === 'string' &&
      typeof k[3] === 'string'
    ) {
      return { key: k as SortKey };
    }
    if (typeof value.offset === 'number' && Number.isInteger(value.offset) && value.offset >= 0)
      return { offset: value.offset };
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'Invalid cursor: pass back a nextCursor from an earlier page');
}

/** Index of the first entry whose key sorts after `key`. */
function firstAfter(keys: SortKey[], key: SortKey): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareKeys(keys[mid]!, key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- lists ----------------------------------------------------------------------------------------------------

function resolveScope(space: SpaceSnapshot, viewer: Viewer, query: NavigationQuery): ListScope {
  if (query.scope !== 'tag') return 'all';
  const tagId = query.tagId?.trim();
  if (!tagId)
    throw badRequest('tagId is required when scope is tag', [{ path: 'tagId', message: 'Required' }]);
  if (isVirtualTag(tagId)) return tagId;
  const tag = space.tagsById.get(tagId);
  if (!tag || (viewer.visitor && tag.isHidden)) throw notFound('Tag');
  return tagId;
}

interface Matches {
  cards: CardDoc[];
  keys: SortKey[];
}

function matchingCards(
  space: SpaceSnapshot,
  viewer: Viewer,
  scope: ListScope,
  kind: 'all' | 'site',
  terms: string[],
): Matches {
  // Searches are memoised under `search:` keys, which have their own, smaller budget (dropped first).
  const key = `${terms.length ? 'search' : 'list'}:${scope}:${kind}:${viewer.visitor ? 'v' : 'o'}:${terms.join('\u0000')}`;
  return space.derive(key, () => {
    const visible = visibleTo(space, viewer);
    const cards = sortedCards(space, scope).filter(
      (c) =>
        (kind === 'all' || cardKind(c) === 'site') &&
        visible(c) &&
        (terms.length === 0 || matchesAll(space, c, terms, viewer.visitor)),
    );
    return { cards, keys: cards.map((c) => sortKey(space, c, scope)) };
  });
}

/**
 * A page of cards: all kinds (`kind: 'all'`) or site cards only, across everything or inside one tag (the virtual
 * social/note tags included), optionally searched, `limit` per page (default 12).
 */
export async function listCardsPage(
  actor: Actor | null,
  query: NavigationQuery,
  kind: 'all' | 'site',
): Promise<CardPage> {
  const viewer = viewerOf(actor);
  const space = await getSpace(viewer.ownerId);
  const scope = resolveScope(space, viewer, query);
  const terms = searchTerms(query.q);
  const { cards, keys } = matchingCards(space, viewer, scope, kind, terms);
  const limit = query.limit ?? PAGE_SIZE;
  let start = 0;
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    start = 'key' in c ? firstAfter(keys, c.key) : Math.min(c.offset, cards.length);
  }
  const page = cards.slice(start, start + limit);
  const end = start + page.length;
  const dto = await cardFor(space, viewer);
  return {
    items: terms.length
      ? page.map((c) => ({ ...dto(c), matched: matchedFields(space, c, terms, viewer.visitor) }))
      : page.map(dto),
    total: cards.length,
    nextCursor: end < cards.length && page.length > 0 ? encodeCursor(keys[end - 1]!) : null,
  };
}

/** Tags in display order with the virtual social/note tags placed among them (when they have cards). */
export async function listNavigationTags(
  actor: Actor | null,
  options: { includeHidden?: boolean } = {},
): Promise<TagDto[]> {
  const viewer = viewerOf(actor);
  const space = await getSpace(viewer.ownerId);
  const settings = await getSettings();
  const visible = visibleTo(space, viewer);
  const hiddenShown = options.includeHidden && !viewer.visitor;
  const entries: { order: number; tag: TagDto }[] = [];
  for (const t of space.tags) {
    if (t.isHidden && !hiddenShown) continue;
    const dto = viewer.visitor ? toVisitorTag(t, space) : toTag(t, space);
    entries.push({ order: t.order, tag: dto });
  }
  const virtual = [
    {
      id: VIRTUAL_SOCIAL_TAG,
      name: '社交卡片',
      slug: 'social-cards',
      description: settings.socialTagDescription,
    },
    { id: VIRTUAL_NOTE_TAG, name: '笔记卡片', slug: 'note-cards', description: null },
  ];
  for (const v of virtual) {
    const count = viewer.visitor
      ? (visitorTagCounts(space).get(v.id) ?? 0)
      : sortedCards(space, v.id).filter(visible).length;
    if (count === 0) continue;
    const order = virtualOrderOf(space, v.id);
    entries.push({
      order,
      tag: {
        id: v.id,
        name: v.name,
        slug: v.slug,
        sortOrder: order,
        isHidden: false,
        logoUrl: null,
        logoBgColor: null,
        description: v.description,
        siteCount: count,
      },
    });
  }
  return entries.sort((a, b) => a.order - b.order).map((e) => e.tag);
}

export async function listNavigationSocialCards(actor: Actor | null): Promise<SocialCardDto[]> {
  const viewer = viewerOf(actor);
  const space = await getSpace(viewer.ownerId);
  return sortedCards(space, VIRTUAL_SOCIAL_TAG).filter(visibleTo(space, viewer)).map(toSocialCard);
}

export async function listNavigationNoteCards(actor: Actor | null): Promise<NoteCardDto[]> {
  const viewer = viewerOf(actor);
  const space = await getSpace(viewer.ownerId);
  return sortedCards(space, VIRTUAL_NOTE_TAG).filter(visibleTo(space, viewer)).map(toNoteCard);
}

/**
 * URLs of site cards of a space that a viewer may see, for rendering `sakura-site://<id>` links in a public note.
 * Visitors do not get sites from hidden tags.
 */
export async function visibleSiteUrls(
  ownerId: string,
  ids: string[],
  actor: Actor | null,
): Promise<Map<string, string>> {
  const space = await getSpace(ownerId);
  const viewer: Viewer = { ownerId, visitor: actor?.userId !== ownerId };
  const visible = visibleTo(space, viewer);
  const out = new Map<string, string>();
  for (const id of ids) {
    const card = space.cards.get(id);
    if (card && cardKind(card) === 'site' && visible(card)) out.set(id, card.siteUrl);
  }
  return out;
}

/** Local search suggestions: card names, then tag names, that contain the text (the caller's space only). */
export async function localSuggestions(
  actor: Actor | null,
  q: string,
  limit = 8,
): Promise<{ value: string; kind: 'site' | 'tag' }[]> {
  const viewer = viewerOf(actor);
  const space = await getSpace(viewer.ownerId);
  const term = normalise(q.trim());
  if (!term) return [];
  const visible = visibleTo(space, viewer);
  const out: { value: string; kind: 'site' | 'tag' }[] = [];
  const seen = new Set<string>();
  for (const c of sortedCards(space, 'all')) {
    if (out.length >= limit) break;
    if (!visible(c)) continue;
    if (!normalise(`${c.name}\n${c.siteDescription ?? ''}`).includes(term)) continue;
    const key = normalise(c.name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ value: c.name, kind: 'site' });
  }
  for (const t of space.tags) {
    if (out.length >= limit) break;
    if ((viewer.visitor && t.isHidden) || !normalise(t.name).includes(term) || seen.has(normalise(t.name)))
      continue;
    seen.add(normalise(t.name));
    out.push({ value: t.name, kind: 'tag' });
  }
  return out;
}
