import { z } from 'zod';
import { SocialCreateSchema, SocialUpdateSchema } from '#server/cards/card.schema';
import {
  createSocialCard,
  deleteSocialCards,
  listSocialCards,
  updateSocialCard,
} from '#server/cards/social-card.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: async ({ actor }) => ({ items: await listSocialCards(actor) }) },
  POST: {
    auth: 'user',
    body: SocialCreateSchema,
    run: async ({ actor, body }) => ({ item: await createSocialCard(actor, body) }),
  },
  PUT: { auth: 'user', body: SocialUpdateSchema, run: ({ actor, body }) => updateSocialCard(actor, body) },
  DELETE: {
    auth: 'user',
    query: z.object({ id: z.string().max(80).optional() }),
    run: async ({ actor, query }) => ({
      ok: true,
      ...(await deleteSocialCards(actor, query.id || undefined)),
    }),
  },
});

export { handle as loader, handle as action };
