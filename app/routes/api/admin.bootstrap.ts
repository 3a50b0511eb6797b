import { getBootstrap } from '#server/navigation/bootstrap.service';
import { apiRoute } from '~/lib/api.server';

// The interface lists this under admin endpoints, but the older service served any signed-in user (tokens
// included) their own data; we do the same: it only ever returns the caller's space. See docs/api.md.
const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => getBootstrap(actor) },
});

export { handle as loader, handle as action };
