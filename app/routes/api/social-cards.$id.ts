import { notFound } from '#server/errors';
import { getPublicCard } from '#server/cards/social-card.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: {
    auth: 'public',
    run: async ({ params }) => {
      const found = await getPublicCard(params.id!);
      if (!found || found.card.cardType === 'note') throw notFound('Card');
      return { item: found.dto };
    },
  },
});

export { handle as loader, handle as action };
