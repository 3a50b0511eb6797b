import { readMultipartFile } from '#server/assets/upload';
import { AVATAR_MAX_BYTES, removeAvatar, setAvatar } from '#server/users/avatar.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ request, actor }) =>
      (await readMultipartFile(request, { maxBytes: AVATAR_MAX_BYTES }, (file) => setAvatar(actor, file)))
        .result,
  },
  DELETE: { auth: 'user', run: ({ actor }) => removeAvatar(actor) },
});

export { handle as loader, handle as action };
