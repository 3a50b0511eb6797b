// What every editor page's loader and action share: 404 for cards and tags that are not the caller's, the
// `returnTo` round trip, replies to the form, and the redirect with a toast after a save or a deletion.
import { data, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import type { Actor } from '#server/actor';
import { isAppError } from '#server/errors';
import type { CardDto } from '#server/cards/card.dto';
import { getCard, listSiteChoices } from '#server/cards/site-card.service';
import { cardKind, shownCardName, type CardKind } from '#server/cards/card-kinds.shared';
import type { TagDto } from '#server/tags/tag.dto';
import { listTags } from '#server/tags/tag.service';
import { cardDeleteAction, editorHref } from './editor-links';
import { issuesToFieldErrors } from './editor-values';
import { redirectWithFlash } from './flash.server';
import { getI18n, socialTypeLabels } from './i18n';
import { serviceFormErrors } from './forms.server';
import { safeReturnTo } from './preferences';
import { requestInfo } from './request-context.server';
import { PRODUCT_NAME } from '#server/product.shared';

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

interface Submission {
  status?: 'success' | 'error';
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): unknown;
}

/**
 * The form again: with its errors (a 400, like every page's refused submission), or after a row was added or
 * removed without JavaScript (a 200).
 */
export function replyToForm<S extends Submission>(submission: S, options?: Parameters<S['reply']>[0]) {
  const failed = submission.status === 'error' || !!options;
  return data(submission.reply(options) as ReturnType<S['reply']>, { status: failed ? 400 : 200 });
}

/**
 * The input the service gets, checked by the API's own schema: what the API refuses, the pages refuse too. Issues
 * become field errors of the form.
 */
export function checkInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; value: z.infer<T> } | { ok: false; fieldErrors: Record<string, string[]> } {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, fieldErrors: issuesToFieldErrors(parsed.error.issues) };
}

type Toast = 'editor.created' | 'editor.saved';

/**
 * How every editor save ends: the mapped input is checked with the API's own schema, saved, and the user goes
 * back to `returnTo` with a toast naming what was saved; otherwise the form comes back with the errors.
 */
export async function saveAndReturn<T extends z.ZodType, S extends Submission>(
  request: Request,
  formData: FormData,
  submission: S,
  options: {
    schema: T;
    input: unknown;
    /** Saves the checked input; resolves to the name shown in the toast. */
    save: (value: z.infer<T>) => Promise<string>;
    toast: Toast;
  },
) {
  const checked = checkInput(options.schema, options.input);
  if (!checked.ok) return replyToForm(submission, { fieldErrors: checked.fieldErrors });
  return returnAfter(request, formData, submission, () => options.save(checked.value), options.toast);
}

/**
 * Saves (`save` resolves to the name the toast shows), then back to `returnTo`; a refusal comes back to the form
 * as `errors` maps it.
 */
export async function returnAfter<S extends Submission>(
  request: Request,
  formData: FormData,
  submission: S,
  save: () => Promise<string>,
  toast: Toast,
  errors: (err: unknown) => Parameters<S['reply']>[0] = serviceFormErrors,
) {
  try {
    const name = await orNotFound(save());
    return redirectWithFlash(
      request,
      returnToOf(formData),
      { kind: 'success', key: toast, values: { name } },
      { document: true },
    );
  } catch (err) {
    return replyToForm(submission, errors(err));
  }
}

/**
 * The frame of an editor page in the reader's language: its heading (the document title too), the way back, and
 * for the form the Save or Create label and, for an existing card or tag, the link to delete it.
 */
export function editorFrame(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: 'site' | 'social' | 'note' | 'tag',
  item?: { id: string; name: string; cardType?: string | null },
) {
  const { locale } = requestInfo(context);
  const { t } = getI18n(locale);
  const returnTo = returnToOf(request);
  // A social card's stored default name is shown in the reader's language, as on its tile.
  const name = item ? shownCardName({ cardType: null, ...item }, socialTypeLabels(locale)) : '';
  const heading = item ? t(`editor.${kind}.editTitle`, { name }) : t(`editor.${kind}.newTitle`);
  // A tag's deletion asks what becomes of its cards (a page); a card's is posted at once and undone from the toast.
  const deleteHref = item && kind === 'tag' ? editorHref.deleteTag(item.id, returnTo) : undefined;
  const deleteAction = item && kind !== 'tag' ? cardDeleteAction(item.id) : undefined;
  return {
    title: `${heading} · ${PRODUCT_NAME}`,
    page: { kind: t(`editor.kinds.${kind}`), title: heading, returnTo },
    form: { returnTo, deleteHref, deleteAction, submitLabel: t(item ? 'editor.save' : 'editor.create') },
  };
}

/** A page title in the reader's language, e.g. "Edit tag · Sakura Dash". */
export function pageTitle(
  context: Readonly<RouterContextProvider>,
  key: string,
  values?: Record<string, string>,
): string {
  return `${getI18n(requestInfo(context).locale).t(key, values ?? {})} · ${PRODUCT_NAME}`;
}

export const TAG_NAME_TAKEN = 'A tag with this name already exists';
export const TAG_NAME_RESERVED = 'This name is reserved for a built-in tag';

/** The tag service's refusals of a name, as an error on the name field (its own messages quote the name). */
export function tagErrors(err: unknown) {
  if (isAppError(err) && err.code === 'conflict') return { fieldErrors: { name: [TAG_NAME_TAKEN] } };
  if (isAppError(err) && err.code === 'bad_request' && /reserved/.test(err.message))
    return { fieldErrors: { name: [TAG_NAME_RESERVED] } };
  return serviceFormErrors(err);
}
