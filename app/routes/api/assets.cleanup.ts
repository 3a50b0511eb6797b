import { z } from 'zod';
import { cleanupIcons } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    body: z.object({ assetIds: z.array(z.string().max(80)).max(1000) }),
    run: ({ actor, body }) => cleanupIcons(actor, body.assetIds),
  },
});

export { handle as loader, handle as action };
