import { AiCheckSchema } from '#server/ai/ai.schema';
import { aiCheck } from '#server/ai/ai.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'user', body: AiCheckSchema, run: ({ actor, body }) => aiCheck(actor, body._draftAiConfig) },
});

export { handle as loader, handle as action };
