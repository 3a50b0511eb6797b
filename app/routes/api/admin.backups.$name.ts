import { downloadBackup } from '#server/backups/backup.service';
import { apiRoute } from '~/lib/api.server';

// One backup archive as a download (admin); a name that is not one of ours is a 404.
const handle = apiRoute({
  GET: { auth: 'admin', run: ({ actor, params }) => downloadBackup(actor, params.name ?? '') },
});

export { handle as loader, handle as action };
