import { exportUserData, parseScope } from '#server/portability/user-data.service';
import { apiRoute } from '~/lib/api.server';
import { withProgress } from '~/lib/portability.server';

// The caller's data as a ZIP (compat §1.11); `?scope=sites-only` for website cards and their tags only.
const handle = apiRoute({
  POST: {
    auth: 'user',
    readOnlyOk: true,
    run: ({ request, actor }) =>
      withProgress(request, actor, 'user-export', (progress) =>
        exportUserData(actor, parseScope(new URL(request.url).searchParams.get('scope')), progress),
      ),
  },
});

export { handle as loader, handle as action };
