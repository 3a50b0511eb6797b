import { CheckOnlineSingleSchema } from '#server/online-check/online-check.schema';
import { checkCardOnline } from '#server/online-check/online-check.service';
import { assertWithin, consume, ONLINE_CHECKS_PER_USER } from '#server/rate-limit/rate-limit.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    body: CheckOnlineSingleSchema,
    run: async ({ actor, body }) => {
      assertWithin(await consume(ONLINE_CHECKS_PER_USER, actor.userId));
      return checkCardOnline(actor, body.cardId);
    },
  },
});

export { handle as loader, handle as action };
