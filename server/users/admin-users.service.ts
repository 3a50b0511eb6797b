import type { Actor, Role } from '../actor';
import { requireAdmin, isSetupAdmin } from '../auth/permissions';
import { conflict, forbidden, notFound } from '../errors';
import { logger } from '../logger';
import { purgeUser } from './account-deletion';
import { toUser, type UserDto } from './user.dto';
import { findUserById } from './user.lookup';
import { UserModel, type UserDoc } from './user.model';

/** Every user, oldest first, the setup admin included (admin). */
export async function listUsers(actor: Actor | null): Promise<{ items: UserDto[] }> {
  requireAdmin(actor);
  const rows = await UserModel.find({}).lean<UserDoc[]>();
  rows.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return { items: rows.map(toUser) };
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
