import { DeleteAccountSchema } from '#server/users/user.schema';
import { deleteAccount } from '#server/users/user.service';
import { apiRoute } from '~/lib/api.server';
import { apiSignOut, jsonWithCookies } from '~/lib/session.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    body: DeleteAccountSchema,
    run: async ({ request, actor, body }) => {
      const result = await deleteAccount(actor, body);
      // A token caller has no browser session to end; a browser one is signed out of the deleted account.
      return jsonWithCookies(result, actor.via === 'session' ? await apiSignOut(request) : []);
    },
  },
});

export { handle as loader, handle as action };
