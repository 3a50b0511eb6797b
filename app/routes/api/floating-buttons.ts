import {
  FloatingButtonsInput,
  getFloatingButtons,
  saveFloatingButtons,
} from '#server/settings/app-settings.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'user', run: () => getFloatingButtons() },
  PUT: {
    auth: 'admin',
    body: FloatingButtonsInput,
    run: ({ actor, body }) => saveFloatingButtons(actor, body),
  },
});

export { handle as loader, handle as action };
