import { exportUserData, parseScope } from '#server/portability/user-data.service';
import { apiRoute, readBodyText } from '~/lib/api.server';
import { withProgress } from '~/lib/portability.server';

/** `scope` from the query, or from an HTML form's body (the data page posts here for the download). */
async function scopeOf(request: Request): Promise<string | null> {
  const query = new URL(request.url).searchParams.get('scope');
  if (
    query !== null ||
    !/application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')
  )
    return query;
  return new URLSearchParams(await readBodyText(request, 8 * 1024)).get('scope');
}

// The caller's data as a ZIP (compat §1.11); `?scope=sites-only` for website cards and their tags only.
const handle = apiRoute({
  POST: {
    auth: 'user',
    readOnlyOk: true,
    run: async ({ request, actor }) => {
      const scope = parseScope(await scopeOf(request));
      return withProgress(request, actor, 'user-export', (progress) =>
        exportUserData(actor, scope, progress),
      );
    },
  },
});

export { handle as loader, handle as action };
