import { apiRoute } from '~/lib/api.server';
import { oauthStart } from '~/lib/oauth.server';

// Answers with a redirect (to the provider, or to /login with a reason), never with an error body.
const handle = apiRoute({
  GET: { auth: 'public', run: ({ request, params }) => oauthStart(request, params.provider ?? '') },
});

export { handle as loader, handle as action };
