import { aiAnalyzeSiteCard } from '#server/ai/ai-analyze.service';
import { AiAnalyzeSchema } from '#server/ai/ai.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: { auth: 'user', body: AiAnalyzeSchema, run: ({ actor, body }) => aiAnalyzeSiteCard(actor, body) },
});

export { handle as loader, handle as action };
