import { AiQuerySchema } from '#server/ai/ai.schema';
import { aiRecommend } from '#server/ai/ai.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'optional', body: AiQuerySchema, run: ({ actor, body }) => aiRecommend(actor, body) },
});

export { handle as loader, handle as action };
