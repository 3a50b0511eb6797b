import { apiDocument } from '~/lib/openapi/openapi.server';
import { apiRoute } from '~/lib/api.server';

/** This API as an OpenAPI 3.1 document (public; built once per process, cacheable for an hour). */
const handle = apiRoute({
  GET: {
    auth: 'public',
    run: () =>
      Response.json(apiDocument(), {
        headers: { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' },
      }),
  },
});

export { handle as loader, handle as action };
