import { serveAsset } from '#server/assets/asset.serve';
import { apiRoute } from '~/lib/api.server';

// Also mounted at /api/note-cards/attach/:fileId (the older attachment download path).
const handle = apiRoute({
  GET: {
    auth: 'public',
    run: ({ request, params }) =>
      serveAsset(request, params.fileId, ['note-file', 'note-attachment'], { download: true }),
  },
});

export { handle as loader, handle as action };
