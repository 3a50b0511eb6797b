import { AppSettingsInput, getAppSettings, updateAppSettings } from '#server/settings/app-settings.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  GET: { auth: 'admin', run: ({ actor }) => getAppSettings(actor) },
  PUT: { auth: 'admin', body: AppSettingsInput, run: ({ actor, body }) => updateAppSettings(actor, body) },
});

export { handle as loader, handle as action };
