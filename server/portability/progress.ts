// Progress of long exports and imports, for a client that wants to show it: the client names the job
// (`X-Progress-Id` header, `progressId` form field or query parameter, 8-64 of [A-Za-z0-9_-]) and polls
// `GET /api/user/data/progress?id=` (or `/api/config/progress`) while the request runs. The record lives in the
// database so any instance answers the poll; it is written at most twice a second.
import { Schema } from 'mongoose';
import type { Actor } from '../actor';
import { defineModel } from '../db';
import { notFound } from '../errors';
import { logger } from '../logger';

export interface ProgressDoc {
  _id: string;
  userId: string;
  kind: string;
  phase: string;
  done: number;
  total: number;
  state: 'running' | 'done' | 'failed';
  error: string | null;
  updatedAt: Date;
}

const ProgressSchema = new Schema<ProgressDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    phase: { type: String, default: '' },
    done: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    state: { type: String, default: 'running' },
    error: { type: String, default: null },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'portability_progress' },
);

export const ProgressModel = defineModel<ProgressDoc>('PortabilityProgress', ProgressSchema);

export interface Progress {
  phase(name: string, total?: number): void;
  step(n?: number): void;
  finish(error?: unknown): Promise<void>;
}

const NOOP: Progress = { phase: () => {}, step: () => {}, finish: async () => {} };
const ID = /^[A-Za-z0-9_-]{8,64}$/;
const WRITE_EVERY_MS = 500;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The job id a request names (header, then query), if any. */
export function progressIdOf(request: Request, fields: Record<string, string> = {}): string | undefined {
  return (
    request.headers.get('x-progress-id') ??
    new URL(request.url).searchParams.get('progressId') ??
    fields.progressId ??
    undefined
  );
}

/** Starts reporting a job; without a valid id nothing is recorded. */
export function startProgress(actor: Actor, id: string | undefined, kind: string): Progress {
  if (!id || !ID.test(id)) return NOOP;
  const _id = `${actor.userId}:${id}`;
  const state: Omit<ProgressDoc, '_id' | 'updatedAt'> = {
    userId: actor.userId,
    kind,
    phase: 'start',
    done: 0,
    total: 0,
    state: 'running',
    error: null,
  };
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const write = (force = false) => {
    const now = Date.now();
    if (!force && now - last < WRITE_EVERY_MS) return writing;
    last = now;
    const doc = { ...state, updatedAt: new Date() };
    writing = writing
      .then(() => ProgressModel.updateOne({ _id }, { $set: doc }, { upsert: true }))
      .catch((err: unknown) => logger.warn('portability', 'progress not recorded', { error: String(err) }));
    return writing;
  };
  void ProgressModel.deleteMany({ updatedAt: { $lt: new Date(Date.now() - KEEP_MS) } }).catch(() => {});
  void write(true);
  return {
    phase(name, total) {
      state.phase = name;
      state.done = 0;
      state.total = total ?? 0;
      void write(true);
    },
    step(n = 1) {
      state.done += n;
      void write();
    },
    async finish(error) {
      state.state = error ? 'failed' : 'done';
      state.error = error ? (error instanceof Error ? error.message : String(error)) : null;
      if (!error) state.phase = 'done';
      await write(true);
    },
  };
}

/** The caller's job record. */
export async function getProgress(actor: Actor, id: string) {
  const doc = ID.test(id) ? await ProgressModel.findById(`${actor.userId}:${id}`).lean<ProgressDoc>() : null;
  if (!doc) throw notFound('Progress record');
  return {
    id,
    kind: doc.kind,
    phase: doc.phase,
    done: doc.done,
    total: doc.total,
    state: doc.state,
    error: doc.error,
    updatedAt: doc.updatedAt.toISOString(),
  };
}
