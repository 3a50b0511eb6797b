import { ChannelInputSchema } from '#server/notifications/channel.schema';
import { deleteChannel, toggleChannel, updateChannel } from '#server/notifications/notification.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  PUT: {
    auth: 'user',
    body: ChannelInputSchema,
    run: ({ actor, body, params }) => updateChannel(actor, params.id!, body),
  },
  PATCH: { auth: 'user', run: ({ actor, params }) => toggleChannel(actor, params.id!) },
  DELETE: { auth: 'user', run: ({ actor, params }) => deleteChannel(actor, params.id!) },
});

export { handle as loader, handle as action };
