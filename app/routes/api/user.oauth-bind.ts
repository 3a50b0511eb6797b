import { listBindings, unbindProvider } from '#server/oauth/oauth-accounts.service';
import { OAuthUnbindSchema } from '#server/oauth/oauth.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => listBindings(actor) },
  DELETE: {
    auth: 'user',
    body: OAuthUnbindSchema,
    run: ({ actor, body }) => unbindProvider(actor, body.provider),
  },
});

export { handle as loader, handle as action };
