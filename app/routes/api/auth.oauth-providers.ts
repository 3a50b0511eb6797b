import { listEnabledProviders } from '#server/oauth/oauth.flow';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({ GET: { auth: 'public', run: () => listEnabledProviders() } });

export { handle as loader, handle as action };
