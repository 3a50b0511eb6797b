import { authenticate } from '#server/auth/authenticate';
import {
  ACCOUNTS_COOKIE,
  BROWSER_ACCOUNTS_COOKIE,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  accountsCookies,
  type RememberedAccount,
  clearCsrfCookie,
  clearSessionCookie,
  csrfCookie,
  sessionCookie,
} from '#server/auth/cookies';
import { newCsrfToken } from '#server/auth/csrf';
import type { LoginContext } from '#server/auth/login.service';
import { clientIp, readCookies, userAgent } from '#server/auth/request';
import { createSession, endSession } from '#server/auth/session.store';
import type { SessionDoc } from '#server/auth/session.model';
import { resolveRemembered, type BrowserSessions, type SwitchResult } from '#server/auth/switch.service';
import { TRUSTED_DEVICE_TTL_MS, trustDevice, trustedUserIds } from '#server/auth/trusted-device';
import { readSigned, serializeSigned, signedCookie } from './signed-cookies.server';

const deviceCookie = () => signedCookie(DEVICE_COOKIE, Math.floor(TRUSTED_DEVICE_TTL_MS / 1000));

const MAX_ACCOUNTS = 5;

function tokensOf(raw: string | undefined): string[] {
  return raw ? raw.split('.').filter((t) => t.length >= 20 && t.length <= 100) : [];
}

/** Session tokens of other accounts signed in on this browser, with the cookie each came in. */
export function otherAccountTokens(request: Request): RememberedAccount[] {
  const cookies = readCookies(request);
  return [
    ...tokensOf(cookies[ACCOUNTS_COOKIE]).map((token) => ({ token, persistent: true })),
    ...tokensOf(cookies[BROWSER_ACCOUNTS_COOKIE]).map((token) => ({ token, persistent: false })),
  ].slice(0, MAX_ACCOUNTS * 2);
}

/**
 * Live sessions of other accounts on this browser (for the account switcher and GET /api/auth/session). A session
 * signed in without "keep me signed in" found in the long-lived cookie (as older versions stored every account) is
 * dead for this browser: it should have ended with the browser session.
 */
export async function otherAccountSessions(
  request: Request,
): Promise<{ token: string; session: SessionDoc }[]> {
  const out: { token: string; session: SessionDoc }[] = [];
  for (const entry of otherAccountTokens(request)) {
    const session = await resolveRemembered(entry);
    if (session) out.push({ token: entry.token, session });
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
  const keep: RememberedAccount[] = [];
  for (const entry of otherAccountTokens(request)) {
    const s = await resolveRemembered(entry);
    if (s && s.userId !== userId) keep.push({ token: entry.token, persistent: s.persistent });
    // A second sign-in as the same user replaces the older session.
    else if (s) await endSession(entry.token);
  }
  if (current && sessionToken && current.userId !== userId && !keep.some((k) => k.token === sessionToken))
    keep.unshift({ token: sessionToken, persistent: current.persistent });
  else if (current && sessionToken && current.userId === userId) await endSession(sessionToken);
  return activateSession(request, token, options.persistent, keep);
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
  const trusted = trustDevice(await readSigned(deviceCookie(), request), userId);
  cookies.push(await serializeSigned(deviceCookie(), request, trusted));
  return cookies;
}

/** What the login service needs to know about the browser. */
export async function loginContext(request: Request): Promise<LoginContext> {
  return { ip: clientIp(request), trustedUserIds: trustedUserIds(await readSigned(deviceCookie(), request)) };
}

/** This browser's sessions, for the account switch. */
export async function browserSessions(request: Request): Promise<BrowserSessions> {
  const { session, sessionToken } = await authenticate(request);
  return {
    currentToken: sessionToken,
    currentPersistent: session?.persistent ?? false,
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
  others: readonly RememberedAccount[],
): string[] {
  return [
    sessionCookie(request, token, persistent),
    ...accountsCookies(request, others.slice(0, MAX_ACCOUNTS)),
  ];
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
  const others = (await otherAccountSessions(request)).filter((o) => o.token !== token);
  const [next, ...rest] = others;
  if (next) {
    return activateSession(
      request,
      next.token,
      next.session.persistent,
      rest.map((o) => ({ token: o.token, persistent: o.session.persistent })),
    );
  }
  return [clearSessionCookie(request), ...accountsCookies(request, [])];
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
