import { randomUUID } from 'node:crypto';
import { ADMIN_ID } from '../actor';
import { isDuplicateKeyError } from '../db';
import { AppError, badRequest } from '../errors';
import { logger } from '../logger';
import { AUTH_PER_IP, REGISTER_PER_NAME, assertWithin, consume } from '../rate-limit/rate-limit.service';
import { getSettings } from '../settings/settings.service';
import { copySpace } from './starter-copy';
import { toUser, type UserDto } from './user.dto';
import { usernameKey } from './user.lookup';
import { UserModel } from './user.model';
import { newUserDoc } from './new-user';
import type { RegisterInput } from './user.schema';

/** The older service's deliberately vague answer for a taken name (it says nothing about why). */
export const REGISTER_FAILED = 'Registration failed; please try a different username';

/**
 * Creates a regular account while registration is open, rate-limited per client address (shared with sign-in)
 * and per requested name. The new user starts with a copy of the admin's dashboard. Does not sign in.
 */
export async function registerUser(input: RegisterInput, ctx: { ip: string }): Promise<UserDto> {
  assertWithin(await consume(AUTH_PER_IP, ctx.ip));
  if (!(await getSettings()).registrationEnabled) {
    throw new AppError('registration_closed', 'Registration is closed');
  }
  const key = usernameKey(input.username);
  assertWithin(await consume(REGISTER_PER_NAME, key));
  const doc = await newUserDoc({
    id: `user-${randomUUID()}`,
    username: input.username,
    password: input.password,
    role: 'user',
  });
  try {
    await UserModel.create(doc);
  } catch (err) {
    if (isDuplicateKeyError(err)) throw badRequest(REGISTER_FAILED);
    throw err;
  }
  try {
    await copySpace(ADMIN_ID, doc._id);
  } catch (err) {
    // The account exists either way; it only starts with an empty dashboard.
    logger.error('users', 'copying the starter data failed', { userId: doc._id, error: String(err) });
  }
  logger.info('users', 'user registered', { userId: doc._id });
  return toUser(doc);
}
