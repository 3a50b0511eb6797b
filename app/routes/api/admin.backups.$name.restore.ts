import { BackupRestoreInput } from '#server/backups/backup.schema';
import { restoreBackup } from '#server/backups/backup.service';
import { apiRoute } from '~/lib/api.server';

// Restores a backup (admin, with the admin's password): the clean configuration import of the stored archive.
const handle = apiRoute({
  POST: {
    auth: 'admin',
    body: BackupRestoreInput,
    run: ({ actor, params, body }) => restoreBackup(actor, params.name ?? '', body.password),
  },
});

export { handle as loader, handle as action };
