import { serveAsset } from '#server/assets/asset.serve';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'public', run: ({ request, params }) => serveAsset(request, params.assetId, undefined) },
});

export { handle as loader, handle as action };
