import { authenticate } from '#server/auth/authenticate';
import {
  ACCOUNTS_COOKIE,
  SESSION_COOKIE,
  accountsCookie,
  clearSessionCookie,
  sessionCookie,
} from '#server/auth/cookies';
import { clientIp, readCookies, userAgent } from '#server/auth/request';
import { createSession, endSession, resolveSession } from '#server/auth/session.service';
import type { SessionDoc } from '#server/auth/session.model';

const MAX_ACCOUNTS = 5;

/** Session tokens of other accounts signed in on this browser. */
export function otherAccountTokens(request: Request): string[] {
  const raw = readCookies(request)[ACCOUNTS_COOKIE];
  return raw
    ? raw
        .split('.')
        .filter((t) => t.length >= 20 && t.length <= 100)
        .slice(0, MAX_ACCOUNTS)
    : [];
}

/** Live sessions of other accounts on this browser (used by the account switcher). */
export async function otherAccountSessions(
  request: Request,
): Promise<{ token: string; session: SessionDoc }[]> {
  const out: { token: string; session: SessionDoc }[] = [];
  for (const token of otherAccountTokens(request)) {
    const session = await resolveSession(token);
    if (session) out.push({ token, session });
  }
  return out;
}

/**
 * Signs a user in on this browser: a new server-side session, its cookie, and the previous account (if another)
 * kept in the switch list. Returns the Set-Cookie headers.
 */
export async function signIn(
  request: Request,
  userId: string,
  options: { persistent: boolean; impersonatedBy?: string | null },
): Promise<string[]> {
  const { session: current, sessionToken } = await authenticate(request);
  const { token } = await createSession(userId, {
    persistent: options.persistent,
    ip: clientIp(request),
    userAgent: userAgent(request),
    impersonatedBy: options.impersonatedBy ?? null,
  });
  const others = otherAccountTokens(request);
  const keep: string[] = [];
  for (const t of others) {
    const s = await resolveSession(t);
    if (s && s.userId !== userId) keep.push(t);
  }
  if (current && sessionToken && current.userId !== userId && !keep.includes(sessionToken))
    keep.unshift(sessionToken);
  else if (current && sessionToken && current.userId === userId) await endSession(sessionToken);
  return [
    sessionCookie(request, token, options.persistent),
    accountsCookie(request, keep.slice(0, MAX_ACCOUNTS)),
  ];
}

/** Makes an already signed-in session of this browser the active one. */
export function activateSession(
  request: Request,
  token: string,
  persistent: boolean,
  others: string[],
): string[] {
  return [sessionCookie(request, token, persistent), accountsCookie(request, others.slice(0, MAX_ACCOUNTS))];
}

/** Ends this browser's current session only (other sessions and access tokens stay valid). */
export async function signOut(request: Request): Promise<string[]> {
  const token = readCookies(request)[SESSION_COOKIE];
  await endSession(token);
  return [clearSessionCookie(request)];
}
