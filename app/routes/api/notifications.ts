import { ChannelInputSchema } from '#server/notifications/channel.schema';
import { createChannel, listChannels } from '#server/notifications/notification.service';
import { apiRoute } from '~/lib/api.server';
import { createRecord } from '~/lib/api-handlers.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => listChannels(actor) },
  POST: createRecord(ChannelInputSchema, createChannel),
});

export { handle as loader, handle as action };
