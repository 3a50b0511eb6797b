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

/**
 * The caller, if they act as themselves: a session an administrator opened in someone else's account may use it,
 * but may not change its credentials (password, username, deletion) nor mint access tokens that would outlive the
 * look (docs/decisions.md "Administrators opening accounts").
 */
export function requireAccountHolder(actor: Actor | null | undefined): Actor {
  const a = requireUser(actor);
  if (a.impersonatedBy) {
    throw forbidden(
      'An administrator who opened this account cannot change its credentials or create tokens',
    );
  }
  return a;
}
