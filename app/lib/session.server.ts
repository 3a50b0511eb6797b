import { authenticate } from '#server/auth/authenticate';
import {
  ACCOUNTS_COOKIE,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  accountsCookie,
  clearCsrfCookie,
  clearSessionCookie,
  csrfCookie,
  deviceCookie,
  sessionCookie,
} from '#server/auth/cookies';
import { newCsrfToken } from '#server/auth/csrf';
import type { LoginContext } from '#server/auth/login.service';
import { clientIp, readCookies, userAgent } from '#server/auth/request';
import { createSession, endSession, resolveSession } from '#server/auth/session.store';
import type { SessionDoc } from '#server/auth/session.model';
import type { BrowserSessions, SwitchResult } from '#server/auth/switch.service';
import { trustDevice, trustedUserIds } from '#server/auth/trusted-device';

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
    // A second sign-in as the same user replaces the older session.
    else if (s) await endSession(t);
  }
  if (current && sessionToken && current.userId !== userId && !keep.includes(sessionToken))
    keep.unshift(sessionToken);
  else if (current && sessionToken && current.userId === userId) await endSession(sessionToken);
  return [
    sessionCookie(request, token, options.persistent),
    accountsCookie(request, keep.slice(0, MAX_ACCOUNTS)),
  ];
}

/**
 * A successful password sign-in: the session (see signIn), a fresh CSRF token like the older service, and this
 * browser marked as trusted for the user (failed-login limits per username then no longer apply to it).
 */
export async function completeSignIn(
  request: Request,
  userId: string,
  options: { persistent: boolean },
): Promise<string[]> {
  const cookies = await signIn(request, userId, options);
  cookies.push(csrfCookie(request, newCsrfToken()));
  cookies.push(deviceCookie(request, trustDevice(readCookies(request)[DEVICE_COOKIE], userId)));
  return cookies;
}

/** What the login service needs to know about the browser. */
export function loginContext(request: Request): LoginContext {
  return { ip: clientIp(request), trustedUserIds: trustedUserIds(readCookies(request)[DEVICE_COOKIE]) };
}

/** This browser's sessions, for the account switch. */
export function browserSessions(request: Request): BrowserSessions {
  return {
    currentToken: readCookies(request)[SESSION_COOKIE] ?? null,
    otherTokens: otherAccountTokens(request),
    ip: clientIp(request),
    userAgent: userAgent(request),
  };
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

/** The cookies that carry out an account switch. */
export function switchCookies(request: Request, result: SwitchResult): string[] {
  return activateSession(request, result.token, result.persistent, result.otherTokens);
}

/**
 * Ends this browser's current session only: the user's other sessions and access tokens stay valid. When
 * another account is signed in on this browser, it becomes the active one.
 */
export async function signOut(request: Request): Promise<string[]> {
  const token = readCookies(request)[SESSION_COOKIE];
  await endSession(token);
  const others = await otherAccountSessions(request);
  const next = others.find((o) => o.token !== token);
  if (next) {
    const rest = others.filter((o) => o !== next && o.token !== token).map((o) => o.token);
    return activateSession(request, next.token, next.session.persistent, rest);
  }
  return [clearSessionCookie(request), accountsCookie(request, [])];
}

/** Logout as the older service did it: the session ends and the CSRF cookie is cleared. */
export async function apiSignOut(request: Request): Promise<string[]> {
  return [...(await signOut(request)), clearCsrfCookie(request)];
}

/** A JSON response that also sets cookies. */
export function jsonWithCookies(body: unknown, cookies: string[], status = 200): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const c of cookies) headers.append('Set-Cookie', c);
  return Response.json(body, { status, headers });
}
