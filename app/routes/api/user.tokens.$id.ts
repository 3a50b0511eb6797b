import { deleteToken } from '#server/tokens/token.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  DELETE: {
    auth: 'user',
    run: async ({ actor, params }) => {
      await deleteToken(actor, params.id ?? '');
      return { success: true };
    },
  },
});

export { handle as loader, handle as action };
