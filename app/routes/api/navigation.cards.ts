import { NavigationQuerySchema } from '#server/cards/card.schema';
import { listCardsPage } from '#server/navigation/navigation.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: {
    auth: 'optional',
    query: NavigationQuerySchema,
    run: ({ actor, query }) => listCardsPage(actor, query, 'all'),
  },
});

export { handle as loader, handle as action };
