import { getProgress } from '#server/portability/progress';
import { apiRoute } from '~/lib/api.server';

// The progress of one of the administrator's configuration exports or imports, by the id the client gave it (docs/api.md).
const handle = apiRoute({
  GET: {
    auth: 'admin',
    run: ({ request, actor }) => getProgress(actor, new URL(request.url).searchParams.get('id') ?? ''),
  },
});

export { handle as loader, handle as action };
