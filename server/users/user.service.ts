import { ADMIN_ID, type Actor } from '../actor';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { requireAccountHolder, requireUser } from '../auth/permissions';
import { endUserSessions } from '../auth/session.store';
import { isDuplicateKeyError } from '../db';
import { AppError, badRequest, conflict, forbidden } from '../errors';
import { PASSWORD_CHECK_FAILURES, assertWithin, consume, refund } from '../rate-limit/rate-limit.service';
import { purgeUser } from './account-deletion';
import { toAccount, toProfile, type AccountDto, type ProfileDto } from './user.dto';
import { findUserById, usernameKey } from './user.lookup';
import { UserModel, type UserDoc } from './user.model';
import type { ChangePasswordInput, DeleteAccountInput } from './user.schema';

async function currentUser(actor: Actor | null, options: { credentials?: boolean } = {}): Promise<UserDoc> {
  const a = options.credentials ? requireAccountHolder(actor) : requireUser(actor);
  const user = await findUserById(a.userId);
  // The account was deleted while this request was under way.
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  return user;
}

/** The caller's profile (compat shape: a short one for administrators). */
export async function getProfile(actor: Actor | null): Promise<ProfileDto> {
  return toProfile(await currentUser(actor));
}

/** The caller's account with everything their profile page shows. */
export async function getAccount(actor: Actor | null): Promise<AccountDto> {
  return toAccount(await currentUser(actor));
}

/** Sets or clears (empty) the caller's nickname. */
export async function updateProfile(
  actor: Actor | null,
  input: { nickname: string | null },
): Promise<ProfileDto> {
  const user = await currentUser(actor);
  await UserModel.updateOne({ _id: user._id }, { $set: { nickname: input.nickname } });
  return toProfile({ ...user, nickname: input.nickname });
}

/**
 * Changes the caller's password. The current one is required when the account has a password (repeated wrong
 * guesses are rate-limited). Ends the user's other sessions; this one and personal access tokens stay valid.
 */
export async function changePassword(actor: Actor | null, input: ChangePasswordInput): Promise<{ ok: true }> {
  const user = await currentUser(actor, { credentials: true });
  if (user.hasPassword !== false && user.passwordHash) {
    if (!input.oldPassword) {
      throw new AppError('validation_failed', 'oldPassword: Current password is required', [
        { path: 'oldPassword', message: 'Current password is required' },
      ]);
    }
    // Counted before the check, atomically, and given back when right (see rate-limit.service `refund`).
    const attempt = await consume(PASSWORD_CHECK_FAILURES, user._id);
    assertWithin(attempt);
    if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
      throw new AppError('validation_failed', 'oldPassword: Current password is incorrect', [
        { path: 'oldPassword', message: 'Current password is incorrect' },
      ]);
    }
    await refund(attempt);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await UserModel.updateOne(
    { _id: user._id },
    { $set: { passwordHash, hasPassword: true, mustChangePassword: false } },
  );
  await endUserSessions(user._id, { exceptSessionId: actor?.sessionId });
  return { ok: true };
}

/** Changes the caller's username, once. Administrators keep theirs (as in the older service). */
export async function changeUsername(
  actor: Actor | null,
  input: { username: string },
): Promise<{ ok: true; username: string }> {
  const user = await currentUser(actor, { credentials: true });
  if (user.role === 'admin') throw forbidden('Administrators cannot change their username');
  if (user.usernameChanged) throw badRequest('The username can be changed only once');
  if (input.username === user.username) throw badRequest('That is already your username');
  const key = usernameKey(input.username);
  const holder = await UserModel.findOne({ usernameKey: key }).lean<UserDoc>();
  if (holder && holder._id !== user._id) throw conflict('That username is already taken');
  try {
    // The condition makes two concurrent changes count as one.
    const res = await UserModel.updateOne(
      { _id: user._id, usernameChanged: { $ne: true } },
      { $set: { username: input.username, usernameKey: key, usernameChanged: true } },
    );
    if (res.modifiedCount === 0) throw badRequest('The username can be changed only once');
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict('That username is already taken');
    throw err;
  }
  return { ok: true, username: input.username };
}

/**
 * Deletes the caller's account with all their data, files, sessions and tokens. Not for administrators, never
 * through an access token (a leaked token must not be able to destroy an account), and when a confirmation is
 * given it must be the account's username.
 */
export async function deleteAccount(
  actor: Actor | null,
  input: DeleteAccountInput = {},
): Promise<{ ok: true }> {
  const user = await currentUser(actor, { credentials: true });
  if (actor?.via === 'token') {
    throw new AppError('forbidden', 'An access token cannot delete an account; sign in on the web to do it');
  }
  if (user._id === ADMIN_ID || user.role === 'admin') {
    throw forbidden('Administrators cannot delete their own account');
  }
  if (input.confirm !== undefined && input.confirm.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError('validation_failed', 'The username does not match', [
      { path: 'confirm', message: 'The username does not match' },
    ]);
  }
  await purgeUser(user._id);
  return { ok: true };
}
