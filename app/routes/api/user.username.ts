import { changeUsername } from '#server/users/user.service';
import { ChangeUsernameSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  PUT: { auth: 'user', body: ChangeUsernameSchema, run: ({ actor, body }) => changeUsername(actor, body) },
});

export { handle as loader, handle as action };
