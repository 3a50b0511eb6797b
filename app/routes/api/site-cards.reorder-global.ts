import { reorderGlobal } from '#server/cards/site-card.service';
import { idListRoute } from '~/lib/api.server';

const handle = idListRoute((actor, ids) => reorderGlobal(actor, ids));

export { handle as loader, handle as action };
