import { SiteCreateSchema, SiteUpdateSchema } from '#server/cards/card.schema';
import { deleteCard } from '#server/cards/card-delete.service';
import { createSiteCard, listAllCards, updateSiteCard } from '#server/cards/site-card.service';
import { IdQuerySchema } from '#server/tags/tag.schema';
import { apiRoute } from '~/lib/api.server';
import { listItems, saveItem } from '~/lib/api-handlers.server';

const handle = apiRoute({
  GET: listItems('user', listAllCards),
  POST: saveItem(SiteCreateSchema, createSiteCard),
  PUT: saveItem(SiteUpdateSchema, updateSiteCard),
  DELETE: {
    auth: 'user',
    query: IdQuerySchema,
    run: async ({ actor, query }) => ({ ok: true, ...(await deleteCard(actor, query.id)) }),
  },
});

export { handle as loader, handle as action };
