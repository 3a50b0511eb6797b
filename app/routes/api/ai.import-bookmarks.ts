import { aiImportBookmarks } from '#server/ai/ai-import.service';
import { AI_IMPORT_CONTENT_MAX, AiImportSchema } from '#server/ai/ai.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    body: AiImportSchema,
    // The file's text as JSON (escaping can double it) plus room for the other fields.
    bodyLimit: AI_IMPORT_CONTENT_MAX * 2 + 64 * 1024,
    run: ({ actor, body }) => aiImportBookmarks(actor, body),
  },
});

export { handle as loader, handle as action };
