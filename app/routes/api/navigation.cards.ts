import { apiRoute } from '~/lib/api.server';
import { cardsPage } from '~/lib/api-handlers.server';

const handle = apiRoute({ GET: cardsPage('all') });

export { handle as loader, handle as action };
