import { reorderTags } from '#server/tags/tag.service';
import { idListRoute } from '~/lib/api.server';

const handle = idListRoute((actor, ids) => reorderTags(actor, ids));

export { handle as loader, handle as action };
