import { SetupSchema } from '#server/users/user.schema';
import { getSetupState, setupAdmin } from '#server/setup/setup.service';
import { apiRoute } from '~/lib/api.server';
import { requestLocale } from '~/lib/request-locale.server';
import { signIn } from '~/lib/session.server';

const handle = apiRoute({
  GET: { auth: 'public', run: () => getSetupState() },
  POST: {
    auth: 'public',
    body: SetupSchema,
    run: async ({ request, body }) => {
      const admin = await setupAdmin(body, { locale: requestLocale(request) });
      const cookies = await signIn(request, admin._id, { persistent: false });
      const headers = new Headers({ 'Cache-Control': 'no-store' });
      for (const c of cookies) headers.append('Set-Cookie', c);
      return Response.json({ ok: true, username: admin.username }, { headers });
    },
  },
});

export { handle as loader, handle as action };
