import { UndoSchema } from '#server/trash/trash.schema';
import { undoChange } from '#server/trash/trash.service';
import { apiRoute } from '~/lib/api.server';

/** Puts back what a deletion removed, given the `undoToken` the deletion returned (within 30 minutes). */
export const action = apiRoute({
  POST: {
    auth: 'user',
    body: UndoSchema,
    run: async ({ actor, body }) => ({ ok: true, restored: await undoChange(actor, body.token) }),
  },
});
export const loader = action;
