import { openAsset } from '#server/assets/asset.service';
import { notFound } from '#server/errors';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: {
    auth: 'public',
    run: async ({ params }) => {
      const opened = await openAsset(params.assetId ?? '');
      if (!opened) throw notFound('File');
      const { asset, object } = opened;
      const headers = new Headers({
        'Content-Type': asset.mimeType,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'public, max-age=31536000, immutable',
        // Served from our origin, so a file must never be able to run anything there.
        'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      });
      if (object.contentLength !== undefined) headers.set('Content-Length', String(object.contentLength));
      return new Response(object.body, { headers });
    },
  },
});

export { handle as loader, handle as action };
