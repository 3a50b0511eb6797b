import { sha256Hex } from '../auth/crypto';
import { isDuplicateKeyError } from '../db';
import { AppError } from '../errors';
import { RateBucketModel } from './rate-limit.model';

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
/** Online checks asked for by hand, per user (the older service's `onlineCheck` preset: 5 a minute). */
export const ONLINE_CHECKS_PER_USER: Limit = { name: 'online-check', max: 5, windowMs: MINUTE };
/** Pages read for "add by URL" (editor, API, MCP), per user: a person pastes a few a minute, not hundreds. */
export const SITE_PREVIEWS_PER_USER: Limit = { name: 'site-preview', max: 30, windowMs: MINUTE };

export interface RateState {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
  /** The slot this event took (for `refund`); null when it was refused. */
  slot: string | null;
}

function bucketOf(limit: Limit, subject: string, now: number) {
  const window = Math.floor(now / limit.windowMs);
  const end = (window + 1) * limit.windowMs;
  // Subjects (addresses, usernames) are hashed: keys stay short and the collection holds no personal data.
  const id = `${limit.name}:${sha256Hex(subject.toLowerCase()).slice(0, 32)}:${window}`;
  return { id, end, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
}

/**
 * Counts one event and says whether it is within the limit. Each event takes a free numbered slot of its window with
 * a plain insert whose `_id` is unique (`<bucket>#<slot>`, slot 1..max): an insert is atomic on MongoDB and on
 * FerretDB v1 alike, where `$inc` is a read-modify-write that loses increments under parallel requests. Several app
 * instances share the slots, and parallel events can never take more than `max` of them.
 */
export async function consume(limit: Limit, subject: string): Promise<RateState> {
  const now = Date.now();
  const { id, end, retryAfter } = bucketOf(limit, subject, now);
  const taken = new Set(
    (await RateBucketModel.find({ bucket: id }, { _id: 1 }).lean<{ _id: string }[]>()).map((d) => d._id),
  );
  for (let slot = 1; slot <= limit.max; slot++) {
    const slotId = `${id}#${slot}`;
    if (taken.has(slotId)) continue;
    try {
      await RateBucketModel.create({ _id: slotId, bucket: id, expiresAt: new Date(end) });
      return { allowed: true, count: slot, retryAfter, slot: slotId };
    } catch (err) {
      // Another request took this slot first: try the next one.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  return { allowed: false, count: limit.max + 1, retryAfter, slot: null };
}

/**
 * Limits of failed attempts (wrong passwords) count an attempt before checking it, atomically, so that parallel
 * attempts cannot all be checked while the counter still shows room: take one with `consume`, check, and give it
 * back with `refund` when the attempt succeeded.
 */
export async function refund(state: RateState): Promise<void> {
  if (state.slot) await RateBucketModel.deleteOne({ _id: state.slot });
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
