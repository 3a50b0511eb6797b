import { apiRoute } from '~/lib/api.server';
import { oauthCallback } from '~/lib/oauth.server';

// Answers with a redirect in every case (signed in, bound, or /login?oauth=error&reason=...).
const handle = apiRoute({
  GET: { auth: 'public', run: ({ request, params }) => oauthCallback(request, params.provider ?? '') },
});

export { handle as loader, handle as action };
