import { BackupSettingsInput } from '#server/backups/backup.schema';
import { getBackupSettings, updateBackupSettings } from '#server/backups/backup.service';
import { apiRoute } from '~/lib/api.server';

// The backup schedule (admin): on/off, every N hours from a UTC hour, retention, destination.
const handle = apiRoute({
  GET: { auth: 'admin', run: ({ actor }) => getBackupSettings(actor) },
  PUT: {
    auth: 'admin',
    body: BackupSettingsInput,
    run: ({ actor, body }) => updateBackupSettings(actor, body),
  },
});

export { handle as loader, handle as action };
