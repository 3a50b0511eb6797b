import { testOAuthProvider } from '#server/oauth/oauth.flow';
import { OAuthTestSchema } from '#server/oauth/oauth.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'admin', body: OAuthTestSchema, run: ({ actor, body }) => testOAuthProvider(actor, body) },
});

export { handle as loader, handle as action };
