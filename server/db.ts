import mongoose from 'mongoose';
import { env } from './env';
import { logger } from './logger';

let connecting: Promise<typeof mongoose> | undefined;

/**
 * Connects the shared mongoose instance once. Commands issued before the connection is up are buffered by
 * mongoose (up to DB_TIMEOUT_MS), so callers need not await this.
 */
export function connectDb(): Promise<typeof mongoose> {
  // Another copy of this module (the built app inside a test process) may have connected the shared instance.
  if (!connecting && mongoose.connection.readyState === 1) connecting = Promise.resolve(mongoose);
  if (!connecting && mongoose.connection.readyState === 2)
    connecting = mongoose.connection.asPromise().then(() => mongoose);
  if (!connecting) {
    const { MONGODB_URI, DB_TIMEOUT_MS } = env();
    mongoose.set('strictQuery', true);
    mongoose.set('bufferTimeoutMS', DB_TIMEOUT_MS);
    connecting = mongoose
      .connect(MONGODB_URI, {
        serverSelectionTimeoutMS: DB_TIMEOUT_MS,
        // FerretDB v1 has no retryable writes.
        retryWrites: false,
        maxPoolSize: 20,
      })
      .catch((err: unknown) => {
        connecting = undefined;
        logger.error('db', 'could not connect to MongoDB', { error: String(err) });
        throw err;
      });
    // Keep a failed first attempt from surfacing as an unhandled rejection; callers see errors on their queries.
    connecting.catch(() => {});
  }
  return connecting;
}

/**
 * Connects, trying again until `waitMs` has passed: a process started beside its database (`npm start`, a compose
 * file) may be up before the database is. Each attempt waits up to DB_TIMEOUT_MS for a server.
 */
export async function connectDbWithin(waitMs: number): Promise<typeof mongoose> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await connectDb();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
    }
  }
}

export async function disconnectDb(): Promise<void> {
  connecting = undefined;
  await mongoose.disconnect();
}

/** Round-trips a ping to the database. */
export async function pingDb(): Promise<void> {
  await connectDb();
  const db = mongoose.connection.db;
  if (!db) throw new Error('no database handle');
  await db.command({ ping: 1 });
}

// FerretDB v1 hangs on a write command with 100 or more statements, so bulk writes go in chunks.
export const BULK_CHUNK = 50;

/** bulkWrite in chunks that every supported server accepts. */
export async function bulkWriteChunked<M extends mongoose.Model<any>>(
  model: M,
  ops: Parameters<M['bulkWrite']>[0],
): Promise<void> {
  for (let i = 0; i < ops.length; i += BULK_CHUNK) {
    await model.bulkWrite(ops.slice(i, i + BULK_CHUNK), { ordered: true });
  }
}

/** insertMany in chunks (see bulkWriteChunked). */
export async function insertManyChunked(model: mongoose.Model<any>, docs: object[]): Promise<void> {
  for (let i = 0; i < docs.length; i += BULK_CHUNK) {
    await model.insertMany(docs.slice(i, i + BULK_CHUNK), { ordered: true });
  }
}

/** Defines a model once, also under Vite's module reloading in development. */
export function defineModel<T>(name: string, schema: mongoose.Schema<T>): mongoose.Model<T> {
  return (mongoose.models[name] as mongoose.Model<T> | undefined) ?? mongoose.model<T>(name, schema);
}

export function isDuplicateKeyError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;
}
