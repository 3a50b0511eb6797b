import { describeSession } from '#server/auth/session.service';
import { apiRoute } from '~/lib/api.server';
import { otherAccountSessions } from '~/lib/session.server';

// Never 401: signed-out callers get all fields null and isAuthenticated false.
const handle = apiRoute({
  GET: {
    auth: 'optional',
    run: async ({ request, actor }) => {
      const others = actor?.via === 'token' ? [] : await otherAccountSessions(request);
      return describeSession(
        actor,
        others.map((o) => o.session),
      );
    },
  },
});

export { handle as loader, handle as action };
