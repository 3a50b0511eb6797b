import { siteIconResponse } from '#server/site-icons/site-icon.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: {
    auth: 'optional',
    run: ({ request, params, actor }) => siteIconResponse(request, params.host ?? '', actor),
  },
});

export { handle as loader, handle as action };
