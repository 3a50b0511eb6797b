import { BulkCardsSchema } from '#server/cards/card-bulk.schema';
import { bulkUpdateCards } from '#server/cards/card-bulk.service';
import { apiRoute } from '~/lib/api.server';

/** One operation on many cards (move to a tag, add or remove a tag, pin, unpin, delete), undone by its undoToken. */
export const action = apiRoute({
  POST: { auth: 'user', body: BulkCardsSchema, run: ({ actor, body }) => bulkUpdateCards(actor, body) },
});
export const loader = action;
