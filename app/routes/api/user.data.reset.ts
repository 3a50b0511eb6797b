import { dataAnswer, resetUserData } from '#server/portability/user-data.service';
import { apiRoute } from '~/lib/api.server';
import { requestLocale } from '~/lib/request-locale.server';

// The caller's tags and cards replaced by the starter data (a new account's dashboard).
const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ request, actor }) => {
      await resetUserData(actor, requestLocale(request));
      return dataAnswer(actor);
    },
  },
});

export { handle as loader, handle as action };
