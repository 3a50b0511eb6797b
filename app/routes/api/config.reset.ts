import { z } from 'zod';
import { resetConfig } from '#server/portability/config-import';
import { apiRoute } from '~/lib/api.server';
import { requestLocale } from '~/lib/request-locale.server';

// Resets every user's data and the global settings (admin, with the admin's password).
const handle = apiRoute({
  POST: {
    auth: 'admin',
    body: z.object({ password: z.string().min(1).max(200) }),
    run: ({ request, actor, body }) => resetConfig(actor, body.password, requestLocale(request)),
  },
});

export { handle as loader, handle as action };
