import { z } from 'zod';
import { BackupList, BackupRun, BackupSettings } from '#server/backups/backup.schema';
import * as backups from '~/routes/api/admin.backups';
import * as backupFile from '~/routes/api/admin.backups.$name';
import * as backupRestore from '~/routes/api/admin.backups.$name.restore';
import * as backupSettings from '~/routes/api/admin.backups.settings';
import { describeArea, describeRoute } from '../describe';

// Scheduled backups of the whole instance (docs/api.md "Backups", docs/decisions.md §73).

const NAME = 'sakura-backup-20260115-030000.zip';
const RUN = {
  id: 'manual:sakura-backup-20260115-083000-manual.zip',
  kind: 'manual',
  status: 'done',
  name: 'sakura-backup-20260115-083000-manual.zip',
  destination: 's3',
  startedAt: '2026-01-15T08:30:00.000Z',
  finishedAt: '2026-01-15T08:30:04.000Z',
  size: 482133,
  error: null,
} as const;
const SETTINGS = {
  enabled: true,
  everyHours: 24,
  hour: 3,
  keep: 7,
  destination: 's3',
  folderAvailable: false,
} as const;

export const backupsArea = describeArea(
  'Backups',
  'Backups of the whole instance (administrators): the configuration ZIP of every user’s data and files and the ' +
    'settings, written to the bucket under backups/ or to the server folder BACKUP_DIR, on a schedule or now; ' +
    'the newest N are kept; a restore is the clean configuration import of one.',
  [
    describeRoute('/api/admin/backups', backups, {
      GET: {
        summary: 'The stored backups (newest first), the last run and when the next is due',
        response: BackupList,
        example: {
          response: {
            items: [
              { name: RUN.name, createdAt: RUN.startedAt, size: 482133, kind: 'manual' },
              { name: NAME, createdAt: '2026-01-15T03:00:00.000Z', size: 480020, kind: 'scheduled' },
            ],
            total: 2,
            nextCursor: null,
            destination: 's3',
            lastRun: RUN,
            nextRunAt: '2026-01-16T03:00:00.000Z',
            listError: null,
          },
        },
      },
      POST: {
        summary: 'Back up now; answers the run when the archive is written (or failed)',
        description:
          'The request lasts as long as the backup. A failed run answers 200 with status "failed" and its ' +
          'reason in error (it is recorded and shown as the last run); older backups are pruned only after a ' +
          'complete one. 409 when another manual backup started in the same second.',
        response: BackupRun,
        errors: [409],
        example: { response: RUN },
      },
    }),
    describeRoute('/api/admin/backups/settings', backupSettings, {
      GET: {
        summary: 'The backup schedule',
        response: BackupSettings,
        example: { response: SETTINGS },
      },
      PUT: {
        summary: 'Change the backup schedule (fields left out stay)',
        description:
          'A slot begins every everyHours hours counted from hour:00 UTC; each slot is backed up once, by one ' +
          'app instance, and a slot missed while the server was off is caught up when it runs. destination ' +
          '"folder" needs BACKUP_DIR on the server (400 otherwise).',
        response: BackupSettings,
        example: { body: { enabled: true, everyHours: 24, hour: 3, keep: 7 }, response: SETTINGS },
      },
    }),
    describeRoute('/api/admin/backups/:name', backupFile, {
      GET: {
        summary: 'Download one backup',
        produces: { type: 'application/zip', description: 'the archive (Content-Disposition: attachment)' },
        errors: [404],
        example: { params: { name: NAME } },
      },
    }),
    describeRoute('/api/admin/backups/:name/restore', backupRestore, {
      POST: {
        summary: 'Restore a backup with your password: the clean configuration import of the archive',
        description:
          'Every archived account’s data and files and the settings are replaced (a snapshot of each space is ' +
          'taken first); accounts not in the archive and the backup schedule stay. A wrong password is 403 ' +
          'with details.reason wrong_password.',
        response: z.object({
          ok: z.literal(true),
          restored: z.string(),
          users: z.number(),
          accountsCreated: z.number(),
          tags: z.number(),
          cards: z.number(),
          sites: z.number(),
          avatars: z.number(),
          settings: z.boolean(),
        }),
        errors: [404],
        example: {
          params: { name: NAME },
          body: { password: 'admin-pass-1' },
          response: {
            ok: true,
            restored: NAME,
            users: 3,
            accountsCreated: 0,
            tags: 11,
            cards: 40,
            sites: 40,
            avatars: 2,
            settings: true,
          },
        },
      },
    }),
  ],
);
