// Also mounted at /api/tags/:tagId/cards/restore, the older clients' path (see app/routes.ts).
import { restoreTagCards } from '#server/tags/tag.service';
import { idListRoute } from '~/lib/api.server';

const handle = idListRoute((actor, ids, params) => restoreTagCards(actor, params.tagId!, ids));

export { handle as loader, handle as action };
