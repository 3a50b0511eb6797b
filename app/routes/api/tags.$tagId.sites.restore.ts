// Also mounted at /api/tags/:tagId/cards/restore, the older clients' path (see app/routes.ts).
import { IdListSchema, type IdList } from '#server/tags/tag.schema';
import { restoreTagCards } from '#server/tags/tag.service';
import { apiRoute, type Handler } from '~/lib/api.server';

const restore = {
  auth: 'user',
  body: IdListSchema,
  run: async ({ actor, body, params }) => {
    await restoreTagCards(actor, params.tagId!, body.ids);
    return { ok: true };
  },
} satisfies Handler<IdList, unknown, 'user'>;

const handle = apiRoute({ PUT: restore, POST: restore });

export { handle as loader, handle as action };
