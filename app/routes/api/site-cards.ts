import { SiteCreateSchema, SiteUpdateSchema } from '#server/cards/card.schema';
import { deleteCard } from '#server/cards/card-delete.service';
import { createSiteCard, listAllCards, updateSiteCard } from '#server/cards/site-card.service';
import { IdQuerySchema } from '#server/tags/tag.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: async ({ actor }) => ({ items: await listAllCards(actor) }) },
  POST: {
    auth: 'user',
    body: SiteCreateSchema,
    run: async ({ actor, body }) => ({ item: await createSiteCard(actor, body) }),
  },
  PUT: {
    auth: 'user',
    body: SiteUpdateSchema,
    run: async ({ actor, body }) => ({ item: await updateSiteCard(actor, body) }),
  },
  DELETE: {
    auth: 'user',
    query: IdQuerySchema,
    run: async ({ actor, query }) => ({ ok: true, ...(await deleteCard(actor, query.id)) }),
  },
});

export { handle as loader, handle as action };
