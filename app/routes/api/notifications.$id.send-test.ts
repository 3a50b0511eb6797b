import { testChannel } from '#server/notifications/notification.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'user', run: ({ actor, params }) => testChannel(actor, params.id!) },
});

export { handle as loader, handle as action };
