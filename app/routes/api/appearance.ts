import { AppearanceInput } from '#server/appearance/appearance.schema';
import { getAppearances, saveAppearances } from '#server/appearance/appearance.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => getAppearances(actor) },
  PUT: { auth: 'user', body: AppearanceInput, run: ({ actor, body }) => saveAppearances(actor, body) },
});

export { handle as loader, handle as action };
