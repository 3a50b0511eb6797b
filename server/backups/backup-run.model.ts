import { defineModel } from '../db';
import { docSchema, nullable, required } from '../db-schema';

/**
 * One backup run, and the claim to run it: `_id` is `slot:<slot start ms>` for a scheduled run (inserting it is
 * atomic on FerretDB and MongoDB alike, so with several app instances one runs each slot) and
 * `manual:<name>` for "Back up now". Only the instance that inserted it updates it afterwards (one writer).
 */
export interface BackupRunDoc {
  _id: string;
  kind: 'scheduled' | 'manual';
  status: 'running' | 'done' | 'failed';
  name: string;
  destination: 's3' | 'folder';
  startedAt: Date;
  finishedAt: Date | null;
  size: number | null;
  error: string | null;
}

const BackupRunSchema = docSchema<BackupRunDoc>(
  {
    ...required({ kind: String, status: String, name: String, destination: String, startedAt: Date }),
    ...nullable({ finishedAt: Date, size: Number, error: String }),
  },
  { collection: 'backup_runs' },
);

export const BackupRunModel = defineModel<BackupRunDoc>('BackupRun', BackupRunSchema);
