import { listBackups, runBackupNow } from '#server/backups/backup.service';
import { apiRoute } from '~/lib/api.server';

// The instance's backups (admin): the archives at the destination with the last and next run; POST writes one now.
const handle = apiRoute({
  GET: { auth: 'admin', run: ({ actor }) => listBackups(actor) },
  POST: { auth: 'admin', run: ({ actor }) => runBackupNow(actor) },
});

export { handle as loader, handle as action };
