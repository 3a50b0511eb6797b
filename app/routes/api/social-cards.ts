import { SocialCreateSchema, SocialUpdateSchema } from '#server/cards/card.schema';
import {
  createSocialCard,
  deleteSocialCards,
  listSocialCards,
  updateSocialCard,
} from '#server/cards/social-card.service';
import { apiRoute } from '~/lib/api.server';
import { deleteOneOrAll, listItems, saveItem } from '~/lib/api-handlers.server';

const handle = apiRoute({
  GET: listItems('user', listSocialCards),
  POST: saveItem(SocialCreateSchema, createSocialCard),
  PUT: { auth: 'user', body: SocialUpdateSchema, run: ({ actor, body }) => updateSocialCard(actor, body) },
  DELETE: deleteOneOrAll(deleteSocialCards),
});

export { handle as loader, handle as action };
