import { SitePreviewSchema } from '#server/site-preview/site-preview.schema';
import { previewSite } from '#server/site-preview/site-preview.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'user', body: SitePreviewSchema, run: ({ actor, body }) => previewSite(actor, body) },
});

export { handle as loader, handle as action };
