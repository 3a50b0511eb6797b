// What every editor page's loader and action share: 404 for cards and tags that are not the caller's, the
// `returnTo` round trip, the page's frame, and the redirect with a toast after a save.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { isAppError } from '#server/errors';
import type { CardDto } from '#server/cards/card.dto';
import { getCard, listSiteChoices } from '#server/cards/site-card.service';
import { cardKind, type CardKind } from '#server/cards/card-kinds.shared';
import type { TagDto } from '#server/tags/tag.dto';
import { listTags } from '#server/tags/tag.service';
import { cardDeleteAction, editorHref } from './editor-links';
import { redirectWithFlash } from './flash.server';
import { safeReturnTo } from './preferences';
import type { EditorSubject } from './page-title';

/** A service read whose `not_found` (unknown id, or another user's) becomes the 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') throw data(null, { status: 404 });
    throw err;
  }
}

/** One of the caller's tags, or the 404 page. */
export async function requireTag(actor: Actor, id: string): Promise<TagDto> {
  const tag = (await listTags(actor)).find((t) => t.id === id);
  if (!tag) throw data(null, { status: 404 });
  return tag;
}

/** One of the caller's cards (of the given kind), or the 404 page. */
export async function requireCard(actor: Actor, id: string, kind?: CardKind): Promise<CardDto> {
  const card = await orNotFound(getCard(actor, id));
  if (kind && cardKind(card) !== kind) throw data(null, { status: 404 });
  return card;
}

/** The caller's tags and site cards, for the site form's tag boxes and related-site pickers. */
export async function siteFormLookups(actor: Actor) {
  const [tags, sites] = await Promise.all([listTags(actor), listSiteChoices(actor)]);
  return {
    tags: tags.map((t) => ({ id: t.id, name: t.name, isHidden: t.isHidden })),
    sites: sites.map(({ id, name }) => ({ id, name })),
  };
}

/** The page to go back to: `returnTo` of the query string (loaders) or of the posted form (actions). */
export function returnToOf(source: Request | FormData): string {
  const raw =
    source instanceof FormData ? source.get('returnTo') : new URL(source.url).searchParams.get('returnTo');
  return safeReturnTo(raw);
}

/**
 * How every editor save ends: back to `returnTo` with a toast naming what was saved, as a document load (the
 * dashboard arrives with its own script; a deleted card's editor is not revalidated).
 */
export function backWithToast(
  request: Request,
  formData: FormData,
  key: 'editor.created' | 'editor.saved',
  name: string,
) {
  return redirectWithFlash(
    request,
    returnToOf(formData),
    { kind: 'success', key, values: { name } },
    { document: true },
  );
}

/**
 * The frame of an editor page, as keys and values its components translate: what it edits (its heading and title),
 * the way back, and for the form whether it creates, and for an existing card or tag the way to delete it.
 */
export function editorFrame(
  request: Request,
  kind: EditorSubject['kind'],
  item?: { id: string; name: string; cardType?: string | null },
) {
  const returnTo = returnToOf(request);
  // A tag's deletion asks what becomes of its cards (a page); a card's is posted at once and undone from the toast.
  const deleteHref = item && kind === 'tag' ? editorHref.deleteTag(item.id, returnTo) : undefined;
  const deleteAction = item && kind !== 'tag' ? cardDeleteAction(item.id) : undefined;
  const subject = item ? { name: item.name, cardType: item.cardType ?? null } : null;
  return {
    page: { kind, item: subject, returnTo },
    form: { returnTo, deleteHref, deleteAction, isNew: !item },
  };
}

export const TAG_NAME_TAKEN = 'A tag with this name already exists';
export const TAG_NAME_RESERVED = 'This name is reserved for a built-in tag';

/**
 * The tag service's refusals of a name, as an error on the name field (its own messages quote the name); other
 * errors take the usual mapping.
 */
export function tagErrors(err: unknown) {
  if (isAppError(err) && err.code === 'conflict') return { fieldErrors: { name: [TAG_NAME_TAKEN] } };
  if (isAppError(err) && err.code === 'bad_request' && /reserved/.test(err.message))
    return { fieldErrors: { name: [TAG_NAME_RESERVED] } };
  return undefined;
}
