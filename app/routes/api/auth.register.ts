import { clientIp } from '#server/auth/request';
import { registerUser } from '#server/users/registration.service';
import { RegisterSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'public',
    body: RegisterSchema,
    run: async ({ request, body }) => {
      const user = await registerUser(body, { ip: clientIp(request) });
      return { ok: true, username: user.username };
    },
  },
});

export { handle as loader, handle as action };
