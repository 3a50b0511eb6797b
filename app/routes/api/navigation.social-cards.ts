import { listNavigationSocialCards } from '#server/navigation/navigation.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'optional', run: async ({ actor }) => ({ items: await listNavigationSocialCards(actor) }) },
});

export { handle as loader, handle as action };
