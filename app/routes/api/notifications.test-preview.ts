import { ChannelInputSchema } from '#server/notifications/channel.schema';
import { testChannelPreview } from '#server/notifications/notification.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'user', body: ChannelInputSchema, run: ({ actor, body }) => testChannelPreview(actor, body) },
});

export { handle as loader, handle as action };
