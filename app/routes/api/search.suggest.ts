import { SuggestQuerySchema } from '#server/search/suggest.schema';
import { suggest } from '#server/search/suggest.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'optional', query: SuggestQuerySchema, run: ({ actor, query }) => suggest(actor, query) },
});

export { handle as loader, handle as action };
