// The data page imports in two steps that work without JavaScript: the upload is checked and kept in storage
// (any instance can finish it), the page shows what it holds, and the confirmation imports it. A pending upload
// has no file record, so the stray-object sweep removes one that is never confirmed.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Actor } from '../actor';
import { AppError, badRequest } from '../errors';
import { deleteObjects, getObject, putObject, storageKeys } from '../storage';
import type { ImportCounts, ImportMode } from './import-plan';
import { detectUpload, importUserData, type DetectResult } from './user-data.service';
import type { Spooled } from './zip-read';

const TOKEN = /^[0-9a-f-]{36}$/;

/** Checks an uploaded archive and keeps it for the confirmation; refuses anything that is not a user archive. */
export async function stageImport(
  actor: Actor,
  file: Spooled,
): Promise<{ token: string; detect: DetectResult }> {
  const detect = await detectUpload(file);
  if (detect.type !== 'sakuranav')
    throw badRequest(
      'This is not a data archive of this service or of SakuraNav. Bookmark files are imported on the Bookmarks page.',
    );
  if (detect.scope === 'config')
    throw badRequest(
      'This is a whole-instance configuration archive; an administrator imports it through the API.',
    );
  const token = await keepUpload(actor.userId, file);
  return { token, detect };
}

/** Imports an archive kept by stageImport (once: it is removed afterwards). */
export async function confirmImport(actor: Actor, token: string, mode: ImportMode): Promise<ImportCounts> {
  return withKeptUpload(actor.userId, token, (file) => importUserData(actor, file, mode));
}

/** Keeps an upload in storage for the confirmation that follows (any instance can finish it); answers its token. */
export async function keepUpload(ownerId: string, file: Spooled): Promise<string> {
  const token = randomUUID();
  await putObject(storageKeys.pendingImport(ownerId, token), createReadStream(file.path), {
    contentType: 'application/zip',
  });
  return token;
}

/** Runs `run` on an upload kept by keepUpload and removes it once `run` succeeded (a kept upload is used once). */
export async function withKeptUpload<T>(
  ownerId: string,
  token: string,
  run: (file: Spooled) => Promise<T>,
): Promise<T> {
  if (!TOKEN.test(token)) throw badRequest('Upload the file again');
  const key = storageKeys.pendingImport(ownerId, token);
  const obj = await getObject(key);
  if (!obj) throw new AppError('not_found', 'The uploaded file is no longer there; upload it again');
  const tmp = path.join(tmpdir(), `sakura-pending-${randomUUID()}`);
  try {
    await pipeline(
      Readable.fromWeb(obj.body as unknown as NodeWebStream<Uint8Array>),
      createWriteStream(tmp, { mode: 0o600 }),
    );
    const result = await run({
      path: tmp,
      size: obj.contentLength ?? 0,
      filename: null,
      dispose: async () => {},
    });
    await deleteObjects([key]);
    return result;
  } finally {
    await rm(tmp, { force: true });
  }
}
