import { apiRoute } from '~/lib/api.server';
import { cardsPage } from '~/lib/api-handlers.server';

const handle = apiRoute({ GET: cardsPage('site') });

export { handle as loader, handle as action };
