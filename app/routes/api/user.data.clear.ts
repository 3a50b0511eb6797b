import { clearUserData, dataAnswer } from '#server/portability/user-data.service';
import { apiRoute } from '~/lib/api.server';

// Removes all of the caller's tags and cards; appearance and settings stay.
const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ actor }) => {
      await clearUserData(actor);
      return dataAnswer(actor);
    },
  },
});

export { handle as loader, handle as action };
