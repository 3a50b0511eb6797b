import { createToken, listTokens } from '#server/tokens/token.service';
import { TokenCreateSchema } from '#server/tokens/token.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  // A bare array, newest first, as the older service answered.
  GET: { auth: 'user', run: ({ actor }) => listTokens(actor) },
  POST: {
    auth: 'user',
    body: TokenCreateSchema,
    status: 201,
    run: ({ actor, body }) => createToken(actor, body),
  },
});

export { handle as loader, handle as action };
