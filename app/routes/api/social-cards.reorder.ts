import { reorderSocialCards } from '#server/cards/social-card.service';
import { idListRoute } from '~/lib/api.server';

const handle = idListRoute((actor, ids) => reorderSocialCards(actor, ids));

export { handle as loader, handle as action };
