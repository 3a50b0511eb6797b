import { apiRoute } from '~/lib/api.server';
import { apiSignOut, jsonWithCookies } from '~/lib/session.server';

// Ends this browser's session only; the user's other sessions and personal access tokens stay valid.
const handle = apiRoute({
  POST: {
    auth: 'optional',
    run: async ({ request }) => jsonWithCookies({ ok: true }, await apiSignOut(request)),
  },
});

export { handle as loader, handle as action };
