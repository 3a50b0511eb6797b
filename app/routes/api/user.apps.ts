import { listAppGrants } from '#server/mcp-oauth/grant.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => listAppGrants(actor) },
});

export { handle as loader, handle as action };
