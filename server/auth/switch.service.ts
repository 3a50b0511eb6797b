import type { Actor } from '../actor';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import { logger } from '../logger';
import { findUserById } from '../users/user.lookup';
import { toAccountSummary, type AccountSummary } from '../users/user.dto';
import { requireUser } from './permissions';
import { createSession, resolveSession } from './session.store';

export interface BrowserSessions {
  /** The session cookie value of the signed-in account. */
  currentToken: string | null;
  /** Session tokens of the other accounts signed in on this browser. */
  otherTokens: readonly string[];
  ip: string | null;
  userAgent: string | null;
}

export interface SwitchResult {
  user: AccountSummary;
  /** The session to make active on this browser. */
  token: string;
  persistent: boolean;
  /** What the browser's other-accounts list becomes. */
  otherTokens: string[];
  impersonated: boolean;
}

/**
 * Password-free switch to another account. Allowed only to an account that is already signed in on this browser
 * (its live session becomes the active one), or for an administrator, who gets a new session as the user marked
 * as impersonated and logged. The current session moves into the list, so switching back needs no password.
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

  const others: string[] = [];
  let found: { token: string; persistent: boolean } | null = null;
  for (const token of browser.otherTokens) {
    const session = await resolveSession(token);
    if (!session || session.userId === a.userId) continue;
    if (session.userId === target._id && !found) found = { token, persistent: session.persistent };
    else if (!others.includes(token)) others.push(token);
  }
  const list = [browser.currentToken, ...others];
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
