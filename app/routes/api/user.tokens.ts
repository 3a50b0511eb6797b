import { createToken, listTokens } from '#server/tokens/token.service';
import { TokenCreateSchema } from '#server/tokens/token.schema';
import { apiRoute } from '~/lib/api.server';
import { createRecord } from '~/lib/api-handlers.server';

const handle = apiRoute({
  // A bare array, newest first, as the older service answered.
  GET: { auth: 'user', run: ({ actor }) => listTokens(actor) },
  POST: createRecord(TokenCreateSchema, createToken),
});

export { handle as loader, handle as action };
