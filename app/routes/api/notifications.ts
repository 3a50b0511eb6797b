import { ChannelInputSchema } from '#server/notifications/channel.schema';
import { createChannel, listChannels } from '#server/notifications/notification.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => listChannels(actor) },
  POST: {
    auth: 'user',
    body: ChannelInputSchema,
    status: 201,
    run: ({ actor, body }) => createChannel(actor, body),
  },
});

export { handle as loader, handle as action };
