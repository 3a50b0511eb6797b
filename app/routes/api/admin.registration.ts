import { getRegistration, setRegistration } from '#server/settings/settings.service';
import { RegistrationToggleSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'admin', run: () => getRegistration() },
  PUT: {
    auth: 'admin',
    body: RegistrationToggleSchema,
    run: async ({ actor, body }) => ({ ok: true, ...(await setRegistration(actor, body.enabled)) }),
  },
});

export { handle as loader, handle as action };
