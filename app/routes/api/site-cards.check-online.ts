import { checkMyCards } from '#server/online-check/online-check.service';
import { assertWithin, consume, ONLINE_CHECKS_PER_USER } from '#server/rate-limit/rate-limit.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ actor }) => {
      assertWithin(await consume(ONLINE_CHECKS_PER_USER, actor.userId));
      return checkMyCards(actor);
    },
  },
});

export { handle as loader, handle as action };
