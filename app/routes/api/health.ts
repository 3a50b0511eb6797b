import { checkHealth } from '#server/health/health.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: {
    auth: 'public',
    run: async () => {
      const health = await checkHealth();
      return Response.json(health, {
        status: health.status === 'ok' ? 200 : 503,
        headers: { 'Cache-Control': 'no-store' },
      });
    },
  },
});

export { handle as loader, handle as action };
