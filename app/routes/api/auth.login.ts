import { logIn } from '#server/auth/login.service';
import { LoginSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';
import { completeSignIn, jsonWithCookies, loginContext } from '~/lib/session.server';

const handle = apiRoute({
  POST: {
    auth: 'public',
    body: LoginSchema,
    run: async ({ request, body }) => {
      const user = await logIn(body, await loginContext(request));
      const cookies = await completeSignIn(request, user.userId, { persistent: body.rememberMe });
      const must = user.mustChangePassword ? { mustChangePassword: true } : {};
      return jsonWithCookies({ ok: true, username: user.username, role: user.role, ...must }, cookies);
    },
  },
});

export { handle as loader, handle as action };
