import { reorderSocialCards } from '#server/cards/social-card.service';
import { IdListSchema, type IdList } from '#server/tags/tag.schema';
import { apiRoute, type Handler } from '~/lib/api.server';

const reorder = {
  auth: 'user',
  body: IdListSchema,
  run: async ({ actor, body }) => {
    await reorderSocialCards(actor, body.ids);
    return { ok: true };
  },
} satisfies Handler<IdList, unknown, 'user'>;

const handle = apiRoute({ PUT: reorder, POST: reorder });

export { handle as loader, handle as action };
