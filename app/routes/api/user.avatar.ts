import { AVATAR_MAX_BYTES, removeAvatar, setAvatar } from '#server/users/avatar.service';
import { apiRoute } from '~/lib/api.server';
import { fileUpload } from '~/lib/api-handlers.server';

const handle = apiRoute({
  POST: fileUpload(AVATAR_MAX_BYTES, setAvatar),
  DELETE: { auth: 'user', run: ({ actor }) => removeAvatar(actor) },
});

export { handle as loader, handle as action };
