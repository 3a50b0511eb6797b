// Also mounted at /api/tags/:tagId/cards/reorder, the older clients' path (see app/routes.ts).
import { IdListSchema, type IdList } from '#server/tags/tag.schema';
import { reorderCardsInTag } from '#server/tags/tag.service';
import { apiRoute, type Handler } from '~/lib/api.server';

const reorder = {
  auth: 'user',
  body: IdListSchema,
  run: async ({ actor, body, params }) => {
    await reorderCardsInTag(actor, params.tagId!, body.ids);
    return { ok: true };
  },
} satisfies Handler<IdList, unknown, 'user'>;

const handle = apiRoute({ POST: reorder, PUT: reorder });

export { handle as loader, handle as action };
