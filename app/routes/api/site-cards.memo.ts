import { MemoPatchSchema } from '#server/cards/card.schema';
import { patchMemo } from '#server/cards/site-card.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  PATCH: {
    auth: 'user',
    body: MemoPatchSchema,
    run: async ({ actor, body }) => {
      await patchMemo(actor, body);
      return { success: true };
    },
  },
});

export { handle as loader, handle as action };
