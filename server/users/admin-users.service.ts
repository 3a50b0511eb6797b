import { randomInt } from 'node:crypto';
import type { Actor, Role } from '../actor';
import { hashPassword } from '../auth/passwords';
import { endUserSessions } from '../auth/session.store';
import { requireAdmin, isSetupAdmin } from '../auth/permissions';
import { conflict, forbidden, notFound } from '../errors';
import { logger } from '../logger';
import { purgeUser } from './account-deletion';
import { toUser, type UserDto } from './user.dto';
import { findUserById } from './user.lookup';
import { UserModel, type UserDoc } from './user.model';

export interface UserListQuery {
  /** Part of a username or nickname, any case. */
  q?: string;
  offset?: number;
  /** Users per page; all of them when left out (the older API's list). */
  limit?: number;
}

/** Users, oldest first, the setup admin included, optionally searched and paged (admin). */
export async function listUsers(
  actor: Actor | null,
  query: UserListQuery = {},
): Promise<{ items: UserDto[]; total: number }> {
  requireAdmin(actor);
  const rows = await UserModel.find({}).lean<UserDoc[]>();
  rows.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  const q = query.q?.trim().toLowerCase() ?? '';
  const found = q
    ? rows.filter((u) => u.usernameKey.includes(q) || (u.nickname ?? '').toLowerCase().includes(q))
    : rows;
  const start = Math.max(0, query.offset ?? 0);
  const page = query.limit === undefined ? found.slice(start) : found.slice(start, start + query.limit);
  return { items: page.map(toUser), total: found.length };
}

async function otherAdmins(userId: string): Promise<number> {
  return UserModel.countDocuments({ role: 'admin', _id: { $ne: userId } });
}

/**
 * Gives a user the admin or user role (admin). The setup administrator always stays an admin (403), and the last
 * admin cannot be demoted (409).
 */
export async function setUserRole(
  actor: Actor | null,
  input: { id: string; role: Role },
): Promise<{ ok: true }> {
  const admin = requireAdmin(actor);
  const target = await findUserById(input.id);
  if (!target) throw notFound('User');
  if (target.role === input.role) return { ok: true };
  if (input.role !== 'admin') {
    if (isSetupAdmin(target._id)) throw forbidden('The setup administrator always keeps the admin role');
    if ((await otherAdmins(target._id)) === 0) throw conflict('The last administrator cannot be demoted');
  }
  await UserModel.updateOne({ _id: target._id }, { $set: { role: input.role } });
  logger.info('users', 'role changed', { by: admin.userId, userId: target._id, role: input.role });
  return { ok: true };
}

/**
 * Deletes a user with all their data, files, sessions and tokens (admin). The setup administrator and the
 * caller's own account cannot be deleted here (403); neither can the last admin (409).
 */
export async function deleteUser(actor: Actor | null, id: string): Promise<{ ok: true }> {
  const admin = requireAdmin(actor);
  if (isSetupAdmin(id)) throw forbidden('The setup administrator cannot be deleted');
  if (id === admin.userId) throw forbidden('You cannot delete your own account here');
  const target = await findUserById(id);
  if (!target) throw notFound('User');
  if (target.role === 'admin' && (await otherAdmins(target._id)) === 0) {
    throw conflict('The last administrator cannot be deleted');
  }
  await purgeUser(target._id);
  logger.info('users', 'user deleted by an administrator', { by: admin.userId, userId: target._id });
  return { ok: true };
}

// No look-alikes (0/O, 1/l/I): the password is read off a screen and typed by someone else.
const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random temporary password: 12 characters, with an upper-case letter, a lower-case letter and a digit. */
function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick('ABCDEFGHJKLMNPQRSTUVWXYZ'), pick('abcdefghijkmnpqrstuvwxyz'), pick('23456789')];
  while (chars.length < 12) chars.push(pick(TEMP_ALPHABET));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Gives a user who forgot their password a new, random one, shown once to the administrator (admin). The user
 * must change it at the next sign-in; their sessions end. Administrators' accounts are refused (403): resetting
 * one would hand its rights to whoever reads the password.
 */
export async function setTemporaryPassword(
  actor: Actor | null,
  id: string,
): Promise<{ username: string; password: string }> {
  const admin = requireAdmin(actor);
  if (isSetupAdmin(id) || id === admin.userId)
    throw forbidden('Use your own profile to change your password');
  const target = await findUserById(id);
  if (!target) throw notFound('User');
  if (target.role === 'admin') throw forbidden('An administrator’s password cannot be reset here');
  const password = temporaryPassword();
  await UserModel.updateOne(
    { _id: target._id },
    { $set: { passwordHash: await hashPassword(password), hasPassword: true, mustChangePassword: true } },
  );
  await endUserSessions(target._id);
  logger.info('users', 'temporary password set by an administrator', {
    by: admin.userId,
    userId: target._id,
  });
  return { username: target.username, password };
}
