import { revokeAppGrant } from '#server/mcp-oauth/grant.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  DELETE: {
    auth: 'user',
    run: async ({ actor, params }) => {
      await revokeAppGrant(actor, params.id ?? '');
      return { success: true };
    },
  },
});

export { handle as loader, handle as action };
