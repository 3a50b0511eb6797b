// Handlers that several /api routes share, so each answer shape has one home: a list answers `{items}`, a created
// or changed record `{item}`, a creation that answers the record itself 201; one file per multipart upload.
import { z, type ZodType } from 'zod';
import type { Actor } from '#server/actor';
import { readMultipartFile, type IncomingFile } from '#server/assets/upload';
import { NavigationQuerySchema, type NavigationQuery } from '#server/cards/card.schema';
import { listCardsPage } from '#server/navigation/navigation.service';
import type { ActorFor, AuthLevel, Handler } from './api.server';

/** GET: a list, answered as `{items}`. */
export function listItems<L extends AuthLevel>(
  auth: L,
  list: (actor: ActorFor<L>) => Promise<unknown[]>,
): Handler<unknown, unknown, L> {
  return { auth, run: async ({ actor }) => ({ items: await list(actor) }) };
}

/** A JSON body checked by `body`, handed to `save`; answers the created or changed record as `{item}`. */
export function saveItem<B>(
  body: ZodType<B>,
  save: (actor: Actor, body: B) => Promise<unknown>,
): Handler<B, unknown, 'user'> {
  return { auth: 'user', body, run: async ({ actor, body }) => ({ item: await save(actor, body) }) };
}

/** POST: a JSON body checked by `body`, handed to `create`; answers what it returns, with 201 Created. */
export function createRecord<B>(
  body: ZodType<B>,
  create: (actor: Actor, body: B) => Promise<unknown>,
): Handler<B, unknown, 'user'> {
  return { auth: 'user', body, status: 201, run: ({ actor, body }) => create(actor, body) };
}

/** DELETE: `?id=` removes that one; without an id, every one of the caller's (social and note cards). */
export function deleteOneOrAll(
  remove: (actor: Actor, id: string | undefined) => Promise<object>,
): Handler<unknown, { id?: string }, 'user'> {
  return {
    auth: 'user',
    query: z.object({ id: z.string().max(80).optional() }),
    run: async ({ actor, query }) => ({ ok: true, ...(await remove(actor, query.id || undefined)) }),
  };
}

/** POST of one file (multipart field `file`), streamed to `store` with the size limit kept while it streams. */
export function fileUpload(
  maxBytes: number,
  store: (actor: Actor, file: IncomingFile) => Promise<unknown>,
): Handler<unknown, unknown, 'user'> {
  return {
    auth: 'user',
    run: async ({ request, actor }) =>
      (await readMultipartFile(request, { maxBytes }, (file) => store(actor, file))).result,
  };
}

/** GET: one page of the dashboard's cards, as anyone may see them (all kinds, or site cards only). */
export function cardsPage(kind: 'all' | 'site'): Handler<unknown, NavigationQuery, 'optional'> {
  return {
    auth: 'optional',
    query: NavigationQuerySchema,
    run: ({ actor, query }) => listCardsPage(actor, query, kind),
  };
}
