import { exportConfig } from '#server/portability/config-export';
import { apiRoute } from '~/lib/api.server';
import { withProgress } from '~/lib/portability.server';

// Every user's data and files plus the global settings, without secrets, as a streamed ZIP (admin).
const handle = apiRoute({
  POST: {
    auth: 'admin',
    readOnlyOk: true,
    run: ({ request, actor }) => withProgress(request, actor, 'config-export', (p) => exportConfig(actor, p)),
  },
});

export { handle as loader, handle as action };
