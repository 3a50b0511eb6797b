// Where backups are kept: the configured bucket under `backups/`, or the server folder BACKUP_DIR (set by whoever
// runs the server; a folder typed in the browser would let an administrator's session write anywhere the process
// may). Both list, write, open and delete archives by name only, and a name is checked against our pattern first,
// so no caller can reach outside the destination.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { env } from '../env';
import { AppError } from '../errors';
import { deleteObjects, getObject, listObjects, pullStream, putObject, storageKeys } from '../storage';
import { parseBackupName, type BackupDestination } from './backup.schema';

export interface StoredBackup {
  name: string;
  size: number;
}

export interface BackupStore {
  /** Every archive of ours at the destination (other files are left alone). */
  list(): Promise<StoredBackup[]>;
  /** Streams an archive in; it appears under `name` only once complete. Answers its size. */
  write(name: string, body: Readable): Promise<number>;
  /** The archive as a stream, or null when there is none by that name. */
  open(name: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** A local file holding the archive for `run`, or null when there is none by that name. */
  withFile<T>(name: string, run: (file: string, size: number) => Promise<T>): Promise<T | null>;
  remove(names: string[]): Promise<void>;
}

function checked(name: string): string {
  if (!parseBackupName(name)) throw new AppError('not_found', 'No backup by that name');
  return name;
}

const s3Store: BackupStore = {
  async list() {
    const objects = await listObjects(storageKeys.backupsPrefix);
    return objects
      .map((o) => ({ name: o.key.slice(storageKeys.backupsPrefix.length), size: o.size }))
      .filter((o) => parseBackupName(o.name));
  },
  async write(name, body) {
    // A multipart upload: the object exists only once it is complete, and an aborted one leaves no parts.
    const { size } = await putObject(storageKeys.backup(checked(name)), body, {
      contentType: 'application/zip',
    });
    return size;
  },
  async open(name) {
    const obj = await getObject(storageKeys.backup(checked(name)));
    return obj ? { body: obj.body, size: obj.contentLength ?? 0 } : null;
  },
  async withFile(name, run) {
    const obj = await getObject(storageKeys.backup(checked(name)));
    if (!obj) return null;
    const tmp = path.join(tmpdir(), `sakura-restore-${randomUUID()}`);
    try {
      await pipeline(
        Readable.fromWeb(obj.body as unknown as NodeWebStream<Uint8Array>),
        createWriteStream(tmp, { mode: 0o600 }),
      );
      return await run(tmp, (await stat(tmp)).size);
    } finally {
      await rm(tmp, { force: true });
    }
  },
  async remove(names) {
    await deleteObjects(names.map((n) => storageKeys.backup(checked(n))));
  },
};

function folderStore(dir: string): BackupStore {
  const file = (name: string) => path.join(dir, checked(name));
  const size = async (name: string) => {
    try {
      const s = await stat(file(name));
      return s.isFile() ? s.size : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  return {
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const out: StoredBackup[] = [];
      for (const name of names.filter((n) => parseBackupName(n))) {
        const bytes = await size(name);
        if (bytes !== null) out.push({ name, size: bytes });
      }
      return out;
    },
    async write(name, body) {
      await mkdir(dir, { recursive: true });
      // Written under a name the list ignores, then renamed: a half-written archive is never listed.
      const partial = path.join(dir, `.${checked(name)}.partial`);
      try {
        await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, file(name));
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return (await size(name)) ?? 0;
    },
    async open(name) {
      const bytes = await size(name);
      if (bytes === null) return null;
      return { body: pullStream(createReadStream(file(name))), size: bytes };
    },
    async withFile(name, run) {
      const bytes = await size(name);
      return bytes === null ? null : run(file(name), bytes);
    },
    async remove(names) {
      for (const name of names) await rm(file(name), { force: true });
    },
  };
}

/** The folder destination's path, or null when the server has none (BACKUP_DIR unset). */
export function backupFolder(): string | null {
  return env().BACKUP_DIR ?? null;
}

/** The store of a destination; the folder needs BACKUP_DIR (a 400 otherwise). */
export function backupStore(destination: BackupDestination): BackupStore {
  if (destination === 's3') return s3Store;
  const dir = backupFolder();
  if (!dir) throw new AppError('bad_request', 'The server has no backup folder (BACKUP_DIR is not set)');
  return folderStore(dir);
}
