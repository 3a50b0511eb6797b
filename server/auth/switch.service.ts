import type { Actor } from '../actor';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { logger } from '../logger';
import { findUserById } from '../users/user.lookup';
import { toAccountSummary, type AccountSummary } from '../users/user.dto';
import { requireUser } from './permissions';
import type { RememberedAccount } from './cookies';
import type { SessionDoc } from './session.model';
import { createSession, resolveSession } from './session.store';

/**
 * The live session behind a remembered account of a browser, checked on the server: it must exist, not have
 * expired, and have been kept no longer than its own rules allow (a session signed in without "keep me signed in"
 * never comes back from the long-lived cookie, where older versions put every account).
 */
export async function resolveRemembered(entry: RememberedAccount): Promise<SessionDoc | null> {
  const session = await resolveSession(entry.token);
  if (!session || (entry.persistent && !session.persistent)) return null;
  return session;
}

export interface BrowserSessions {
  /** The session cookie value of the signed-in account. */
  currentToken: string | null;
  /** Whether that session was signed in with "keep me signed in". */
  currentPersistent: boolean;
  /** Session tokens of the other accounts signed in on this browser (and the cookie each came in). */
  otherTokens: readonly RememberedAccount[];
  ip: string | null;
  userAgent: string | null;
}

export interface SwitchResult {
  user: AccountSummary;
  /** The session to make active on this browser. */
  token: string;
  persistent: boolean;
  /** What the browser's other-accounts list becomes. */
  otherTokens: RememberedAccount[];
  impersonated: boolean;
}

/**
 * Password-free switch to another account. Allowed only to an account that is already signed in on this browser
 * (its live session becomes the active one), or for an administrator, who gets a new session as the user marked
 * as impersonated and logged (never into another administrator's account; such a session ends as soon as its
 * opener is no longer an administrator). The current session moves into the list, so switching back needs no
 * password.
 */
export async function switchAccount(
  actor: Actor | null,
  input: { userId: string },
  browser: BrowserSessions,
): Promise<SwitchResult> {
  const a = requireUser(actor);
  if (a.via !== 'session' || !browser.currentToken) {
    throw forbidden('Switching accounts needs a signed-in browser session, not an access token');
  }
  if (input.userId === a.userId) throw badRequest('You are already signed in as this user');
  const target = await findUserById(input.userId);
  if (!target) throw notFound('User');

  const others: RememberedAccount[] = [];
  let found: { token: string; persistent: boolean } | null = null;
  for (const entry of browser.otherTokens) {
    const session = await resolveRemembered(entry);
    if (!session || session.userId === a.userId) continue;
    if (session.userId === target._id && !found)
      found = { token: entry.token, persistent: session.persistent };
    else if (!others.some((o) => o.token === entry.token))
      others.push({ token: entry.token, persistent: session.persistent });
  }
  const list = [{ token: browser.currentToken, persistent: browser.currentPersistent }, ...others];
  if (found) {
    return {
      user: toAccountSummary(target),
      token: found.token,
      persistent: found.persistent,
      otherTokens: list,
      impersonated: false,
    };
  }
  if (a.role !== 'admin') {
    throw forbidden('You can only switch to accounts that are signed in on this browser');
  }
  // Opening an account is for helping users: never another administrator's (that would hand over their rights).
  if (target.role === 'admin') throw forbidden('Administrators cannot open another administrator’s account');
  if (!a.sessionId) throw new AppError('unauthorized', 'Authentication required');
  const { token } = await createSession(target._id, {
    persistent: false,
    ip: browser.ip,
    userAgent: browser.userAgent,
    impersonatedBy: a.userId,
  });
  logger.info('auth', 'administrator switched into a user account', { by: a.userId, userId: target._id });
  return { user: toAccountSummary(target), token, persistent: false, otherTokens: list, impersonated: true };
}
