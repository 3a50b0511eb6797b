// Scheduled backups of the whole instance (docs/decisions.md §73): the settings' input, the one JSON shape of each
// answer (the OpenAPI description reads these too) and the archive names.
import { z } from 'zod';

export const BACKUP_DESTINATIONS = ['s3', 'folder'] as const;
export type BackupDestination = (typeof BACKUP_DESTINATIONS)[number];

/** The schedule as the page's form and `PUT /api/admin/backups/settings` send it; what is left out stays. */
export const BackupSettingsInput = z.object({
  enabled: z.boolean().optional(),
  everyHours: z.number().int().min(1).max(168).optional(),
  hour: z.number().int().min(0).max(23).optional(),
  keep: z.number().int().min(1).max(100).optional(),
  destination: z.enum(BACKUP_DESTINATIONS).optional(),
});
export type BackupSettingsInput = z.infer<typeof BackupSettingsInput>;

export const BackupSettings = z.object({
  enabled: z.boolean(),
  everyHours: z.number().describe('a backup slot begins every this many hours'),
  hour: z.number().describe('counted from this hour (UTC)'),
  keep: z.number().describe('the newest this many archives are kept'),
  destination: z.enum(BACKUP_DESTINATIONS),
  folderAvailable: z.boolean().describe('whether the server has BACKUP_DIR, so `folder` may be chosen'),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

const iso = z.string().describe('ISO 8601 date-time');

export const BackupItem = z.object({
  name: z.string().describe('sakura-backup-YYYYMMDD-HHMMSS[-manual].zip, the UTC time it was started'),
  createdAt: iso,
  size: z.number().describe('bytes'),
  kind: z.enum(['scheduled', 'manual']),
});
export type BackupItem = z.infer<typeof BackupItem>;

export const BackupRun = z.object({
  id: z.string(),
  kind: z.enum(['scheduled', 'manual']),
  status: z.enum(['running', 'done', 'failed']),
  name: z.string(),
  destination: z.enum(BACKUP_DESTINATIONS),
  startedAt: iso,
  finishedAt: iso.nullable(),
  size: z.number().nullable(),
  error: z.string().nullable().describe('why a failed run failed'),
});
export type BackupRun = z.infer<typeof BackupRun>;

export const BackupList = z.object({
  items: z.array(BackupItem).describe('newest first'),
  total: z.number(),
  nextCursor: z.null(),
  destination: z.enum(BACKUP_DESTINATIONS),
  lastRun: BackupRun.nullable(),
  nextRunAt: iso.nullable().describe('when the next scheduled backup is due; null while backups are off'),
  listError: z.string().nullable().describe('why the destination could not be listed (items is then empty)'),
});
export type BackupList = z.infer<typeof BackupList>;

export const BackupRestoreInput = z.object({ password: z.string().min(1).max(200) });

const NAME = /^sakura-backup-(\d{8})-(\d{6})(-manual)?\.zip$/;

/** An archive's name: its UTC start time, and `-manual` for "Back up now". */
export function backupName(startedAt: Date, kind: BackupItem['kind']): string {
  const s = startedAt.toISOString();
  const stamp = `${s.slice(0, 10).replaceAll('-', '')}-${s.slice(11, 19).replaceAll(':', '')}`;
  return `sakura-backup-${stamp}${kind === 'manual' ? '-manual' : ''}.zip`;
}

/** What a name says (its time and kind); null for anything that is not one of our archive names. */
export function parseBackupName(name: string): { createdAt: Date; kind: BackupItem['kind'] } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [d, t] = [m[1]!, m[2]!];
  const at = new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`,
  );
  if (Number.isNaN(at.getTime())) return null;
  return { createdAt: at, kind: m[3] ? 'manual' : 'scheduled' };
}
