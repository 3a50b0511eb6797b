import type { Role } from '../actor';
import { AppError } from '../errors';
import {
  AUTH_PER_IP,
  LOGIN_FAILURES_PER_USER,
  assertWithin,
  consume,
  refund,
} from '../rate-limit/rate-limit.service';
import { findUserByUsername, usernameKey } from '../users/user.lookup';
import type { LoginInput } from '../users/user.schema';
import { verifyPassword } from './passwords';

export interface LoginContext {
  /** The client address, for the per-address limit. */
  ip: string;
  /** Users this browser signed in as before (verified trusted-device cookie): not subject to the per-user limit. */
  trustedUserIds: readonly string[];
}

/** Who signed in: what callers need to create the session and answer. */
export interface SignedInUser {
  userId: string;
  username: string;
  role: Role;
  /** An administrator set a temporary password: the user must choose a new one before anything else. */
  mustChangePassword: boolean;
}

/** Same message for an unknown user and a wrong password, so neither can be told apart. */
export const BAD_CREDENTIALS = 'Invalid username or password';

/**
 * Checks a username and password, with rate limits per client address (every attempt) and per username (failed
 * attempts only, and never for a browser that signed in as that user before; counted before the check). Returns the user; the caller
 * creates the session.
 */
export async function logIn(input: LoginInput, ctx: LoginContext): Promise<SignedInUser> {
  assertWithin(await consume(AUTH_PER_IP, ctx.ip));
  const key = usernameKey(input.username);
  const user = await findUserByUsername(input.username);
  const trusted = Boolean(user && ctx.trustedUserIds.includes(user._id));
  // The attempt is counted before the password is checked (atomically, so parallel guesses cannot all slip under
  // the limit) and given back if it was right; a locked username cannot be probed further, and unknown names
  // behave the same.
  const attempt = trusted ? null : await consume(LOGIN_FAILURES_PER_USER, key);
  if (attempt) assertWithin(attempt);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!ok || !user) throw new AppError('unauthorized', BAD_CREDENTIALS);
  if (attempt) await refund(attempt);
  return {
    userId: user._id,
    username: user.username,
    role: user.role,
    mustChangePassword: Boolean(user.mustChangePassword),
  };
}
