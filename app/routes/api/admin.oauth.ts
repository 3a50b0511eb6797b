import { getOAuthAdmin, saveOAuthAdmin } from '#server/oauth/oauth.config';
import { OAuthAdminUpdateSchema } from '#server/oauth/oauth.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'admin', run: ({ actor }) => getOAuthAdmin(actor) },
  PUT: {
    auth: 'admin',
    body: OAuthAdminUpdateSchema,
    run: async ({ actor, body }) => ({ ok: true, ...(await saveOAuthAdmin(actor, body)) }),
  },
});

export { handle as loader, handle as action };
