import { deleteUser, listUsers, setUserRole } from '#server/users/admin-users.service';
import { SetRoleSchema, UserIdQuerySchema, UserListQuerySchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'admin', query: UserListQuerySchema, run: ({ actor, query }) => listUsers(actor, query) },
  PUT: { auth: 'admin', body: SetRoleSchema, run: ({ actor, body }) => setUserRole(actor, body) },
  DELETE: { auth: 'admin', query: UserIdQuerySchema, run: ({ actor, query }) => deleteUser(actor, query.id) },
});

export { handle as loader, handle as action };
