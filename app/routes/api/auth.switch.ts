import { switchAccount } from '#server/auth/switch.service';
import { SwitchSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';
import { browserSessions, jsonWithCookies, switchCookies } from '~/lib/session.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    body: SwitchSchema,
    run: async ({ request, actor, body }) => {
      const result = await switchAccount(actor, body, await browserSessions(request));
      const { user } = result;
      return jsonWithCookies(
        { ok: true, username: user.username, userId: user.userId, role: user.role },
        switchCookies(request, result),
      );
    },
  },
});

export { handle as loader, handle as action };
