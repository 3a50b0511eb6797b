import { getProfile, updateProfile } from '#server/users/user.service';
import { NicknameSchema } from '#server/users/user.schema';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: ({ actor }) => getProfile(actor) },
  PUT: { auth: 'user', body: NicknameSchema, run: ({ actor, body }) => updateProfile(actor, body) },
});

export { handle as loader, handle as action };
