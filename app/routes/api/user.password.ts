import { changePassword } from '#server/users/user.service';
import { ChangePasswordSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

// Ends the user's other sessions; this one and personal access tokens stay valid.
const handle = apiRoute({
  PUT: { auth: 'user', body: ChangePasswordSchema, run: ({ actor, body }) => changePassword(actor, body) },
});

export { handle as loader, handle as action };
