import { ADMIN_ID, type Actor } from '../actor';
import { AppError, forbidden } from '../errors';

/** The caller, or 401: for services that need a signed-in user. */
export function requireUser(actor: Actor | null | undefined): Actor {
  if (!actor) throw new AppError('unauthorized', 'Authentication required');
  return actor;
}

/** The caller if an administrator, else 401/403. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  const a = requireUser(actor);
  if (a.role !== 'admin') throw forbidden('Administrator role required');
  return a;
}

/** Whether a user id is the setup administrator, whose space visitors see. */
export function isSetupAdmin(userId: string): boolean {
  return userId === ADMIN_ID;
}
