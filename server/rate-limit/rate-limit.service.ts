import { sha256Hex } from '../auth/crypto';
import { isDuplicateKeyError } from '../db';
import { AppError } from '../errors';
import { RateBucketModel, type RateBucketDoc } from './rate-limit.model';

/** A named fixed-window limit: at most `max` events per `windowMs` per subject. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Logins and registrations per client address (the older service's `auth` preset: 10 a minute). */
export const AUTH_PER_IP: Limit = { name: 'auth-ip', max: 10, windowMs: MINUTE };
/** Failed logins per username; browsers that signed in as that user before are not counted against it. */
export const LOGIN_FAILURES_PER_USER: Limit = { name: 'login-fail', max: 5, windowMs: 15 * MINUTE };
/** Registration attempts per requested username. */
export const REGISTER_PER_NAME: Limit = { name: 'register-name', max: 5, windowMs: 15 * MINUTE };
/** Wrong current passwords when changing the password, per user. */
export const PASSWORD_CHECK_FAILURES: Limit = { name: 'password-check', max: 5, windowMs: 15 * MINUTE };
/** Uploads per user (the older service's `upload` preset: 20 a minute). */
export const UPLOADS_PER_USER: Limit = { name: 'upload', max: 20, windowMs: MINUTE };

export interface RateState {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

function bucketOf(limit: Limit, subject: string, now: number) {
  const window = Math.floor(now / limit.windowMs);
  const end = (window + 1) * limit.windowMs;
  // Subjects (addresses, usernames) are hashed: keys stay short and the collection holds no personal data.
  const id = `${limit.name}:${sha256Hex(subject.toLowerCase()).slice(0, 32)}:${window}`;
  return { id, end, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * Counts one event and says whether it is within the limit. The counter lives in the database (one atomic
 * upsert + $inc by `_id`), so several app instances share it.
 */
export async function consume(limit: Limit, subject: string): Promise<RateState> {
  const now = Date.now();
  const { id, end, retryAfter } = bucketOf(limit, subject, now);
  const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(end) } };
  let doc: RateBucketDoc | null;
  try {
    doc = await RateBucketModel.findOneAndUpdate({ _id: id }, update, {
      upsert: true,
      returnDocument: 'after',
    }).lean<RateBucketDoc>();
  } catch (err) {
    // Two first hits at once: one upsert inserts, the other sees the duplicate and simply increments.
    if (!isDuplicateKeyError(err)) throw err;
    doc = await RateBucketModel.findOneAndUpdate({ _id: id }, update, {
      returnDocument: 'after',
    }).lean<RateBucketDoc>();
  }
  const count = doc?.count ?? 1;
  return { allowed: count <= limit.max, count, retryAfter };
}

/** Whether a subject is still within the limit, without counting an event. */
export async function peek(limit: Limit, subject: string): Promise<RateState> {
  const { id, retryAfter } = bucketOf(limit, subject, Date.now());
  const doc = await RateBucketModel.findById(id).lean<RateBucketDoc>();
  const count = doc?.count ?? 0;
  return { allowed: count < limit.max, count, retryAfter };
}

export function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', `Too many attempts; try again in ${retryAfter} seconds`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** Throws 429 with Retry-After when the state is over its limit. */
export function assertWithin(state: RateState): void {
  if (!state.allowed) throw rateLimited(state.retryAfter);
}

/** Removes buckets whose window has ended (FerretDB has no TTL indexes). */
export async function purgeExpiredBuckets(): Promise<number> {
  const res = await RateBucketModel.deleteMany({ expiresAt: { $lte: new Date() } });
  return res.deletedCount ?? 0;
}
