import { reorderGlobal } from '#server/cards/site-card.service';
import { IdListSchema, type IdList } from '#server/tags/tag.schema';
import { apiRoute, type Handler } from '~/lib/api.server';

const reorder = {
  auth: 'user',
  body: IdListSchema,
  run: async ({ actor, body }) => {
    await reorderGlobal(actor, body.ids);
    return { ok: true };
  },
} satisfies Handler<IdList, unknown, 'user'>;

// POST per the interface, PUT for older clients.
const handle = apiRoute({ POST: reorder, PUT: reorder });

export { handle as loader, handle as action };
