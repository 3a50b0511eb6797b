// Shared by the data-ZIP resource routes and the data page: an uploaded archive held in a temporary file for the
// length of one call, and the progress record a request names.
import type { Actor } from '#server/actor';
import { progressIdOf, startProgress, type Progress } from '#server/portability/progress';
import { receiveUpload, type Spooled } from '#server/portability/zip-read';

/** Receives the request's `file` (limit enforced while it streams), runs `work`, then deletes the file. */
export async function withUpload<T>(
  request: Request,
  maxBytes: number,
  work: (file: Spooled, fields: Record<string, string>) => Promise<T>,
  beforeFile?: (fields: Record<string, string>) => void,
): Promise<T> {
  const { file, fields } = await receiveUpload(request, maxBytes, beforeFile);
  try {
    return await work(file, fields);
  } finally {
    await file.dispose();
  }
}

/** Runs `work` with the progress record the request names (if any), marking it done or failed. */
export async function withProgress<T>(
  request: Request,
  actor: Actor,
  kind: string,
  work: (progress: Progress) => Promise<T>,
  fields?: Record<string, string>,
): Promise<T> {
  const progress = startProgress(actor, progressIdOf(request, fields), kind);
  try {
    const result = await work(progress);
    if (!(result instanceof Response)) await progress.finish();
    return result;
  } catch (err) {
    await progress.finish(err);
    throw err;
  }
}
