import { setTemporaryPassword } from '#server/users/admin-users.service';
import { UserIdQuerySchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

/** POST {id}: a new random password for a user who forgot theirs, to be changed at their next sign-in (admin). */
const handle = apiRoute({
  POST: {
    auth: 'admin',
    body: UserIdQuerySchema,
    run: ({ actor, body }) => setTemporaryPassword(actor, body.id),
  },
});

export { handle as loader, handle as action };
