// Also mounted at /api/tags/:tagId/cards/reorder, the older clients' path (see app/routes.ts).
import { reorderCardsInTag } from '#server/tags/tag.service';
import { idListRoute } from '~/lib/api.server';

const handle = idListRoute((actor, ids, params) => reorderCardsInTag(actor, params.tagId!, ids));

export { handle as loader, handle as action };
