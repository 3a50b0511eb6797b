import type { Actor } from '../actor';
import { resolveToken } from '../tokens/token.service';
import { isAppAccessToken, resolveAppAccessToken } from '../mcp-oauth/grant-token.service';
import { cachedAuth } from './auth-cache';
import { sha256Hex } from './crypto';
import { findUserById } from '../users/user.lookup';
import type { UserDoc } from '../users/user.model';
import { SESSION_COOKIE } from './cookies';
import { readCookies } from './request';
import type { SessionDoc } from './session.model';
import { endSession, resolveSession } from './session.store';

/**
 * Which door a request came through. Each door takes its own credentials (docs/decisions.md "Access tokens on
 * pages, the API and MCP"):
 * - `page`: every route outside `/api` (pages, their actions, the small resource routes such as /undo). For
 *   browsers only: a session cookie. A request that presents an access token is treated as carrying no
 *   credentials at all, and a change it asks for is refused (see `refusesChange`).
 * - `api`: the JSON API. An access token (`Authorization: Bearer sak_…`, with its scope enforced by apiRoute), else
 *   the session cookie, as the older web client uses it.
 * - `mcp`: the MCP endpoint. Access tokens only: personal ones, and those an app got through the MCP authorization
 *   flow (`saa_…`, docs/decisions.md §69), which are for this door alone (their audience is the MCP endpoint).
 * - `oauth`: that flow's JSON endpoints (discovery documents, client registration, the token endpoint). No
 *   credentials at all: public clients name themselves in the body. As on pages, a change sent with an access token
 *   is refused.
 */
export type Channel = 'page' | 'api' | 'mcp' | 'oauth';

const OAUTH_ENDPOINTS = new Set(['/oauth/register', '/oauth/token']);

/**
 * A path as the router matches it: React Router decodes each segment and ignores letter case, so `/api/MCP` and
 * `/api/%6Dcp` reach the MCP route; the door must be picked from the same spelling.
 */
function routedPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/')
    .toLowerCase();
}

export function channelOf(request: Request): Channel {
  const path = routedPath(new URL(request.url).pathname);
  if (path === '/api/mcp' || path.startsWith('/api/mcp/')) return 'mcp';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path.startsWith('/.well-known/') || OAUTH_ENDPOINTS.has(path)) return 'oauth';
  return 'page';
}

export interface AuthResult {
  actor: Actor | null;
  /** A Bearer token was presented but is malformed, unknown, expired or revoked. */
  badToken: boolean;
  /** An access token was presented where tokens are not accepted (a page): the request has no credentials. */
  tokenRefused: boolean;
  session: SessionDoc | null;
  sessionToken: string | null;
  /**
   * The signed-in user's record as it was verified with the credential (as fresh as `actor`: any write to users in
   * this process forgets it, see auth-cache.ts), so pages need not look the user up again.
   */
  user: UserDoc | null;
}

const memo = new WeakMap<Request, Promise<AuthResult>>();

/** The one credential resolver for pages, the JSON API and MCP (see `Channel`). Memoised per request. */
export function authenticate(request: Request): Promise<AuthResult> {
  let result = memo.get(request);
  if (!result) {
    result = resolve(request);
    memo.set(request, result);
  }
  return result;
}

/** Whether a request must be refused before any page action runs: a change asked for with an access token. */
export async function refusesChange(request: Request): Promise<boolean> {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return (await authenticate(request)).tokenRefused;
}

/**
 * The caller of `request` resolved again now (not memoised): for a long-lived response, such as an MCP event stream,
 * that must end when its access token is revoked or expires. Only access tokens: null for anything else.
 */
export async function reauthenticate(request: Request): Promise<Actor | null> {
  const token = presentedToken(request);
  if (!token) return null;
  return (await (isAppAccessToken(token) ? fromAppToken(token) : fromToken(token))).actor;
}

const NONE: AuthResult = {
  actor: null,
  badToken: false,
  tokenRefused: false,
  user: null,
  session: null,
  sessionToken: null,
};

/**
 * One of our access tokens in the Authorization header (personal `sak_…` or an app's `saa_…`). Like the older
 * service, a bearer value that is not one of ours is ignored (it may belong to a proxy in front of the app).
 */
function presentedToken(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return bearer?.startsWith('sak_') || (bearer && isAppAccessToken(bearer)) ? bearer : null;
}

async function resolve(request: Request): Promise<AuthResult> {
  const channel = channelOf(request);
  const token = presentedToken(request);
  if (token && (channel === 'page' || channel === 'oauth')) return { ...NONE, tokenRefused: true };
  // An app's token was issued for the MCP endpoint (RFC 8707 audience): anywhere else it is not valid.
  if (token && isAppAccessToken(token))
    return channel === 'mcp' ? fromAppToken(token) : { ...NONE, badToken: true };
  if (token) return fromToken(token);
  if (channel === 'mcp' || channel === 'oauth') return NONE;
  return fromSessionCookie(request);
}

/** The caller: a verified user, with what the credential adds. */
function actorFor(user: UserDoc, credential: Pick<Actor, 'via'> & Partial<Actor>): Actor {
  return { userId: user._id, username: user.username, role: user.role, ...credential };
}

async function fromToken(secret: string): Promise<AuthResult> {
  const found = await cachedAuth(`t:${sha256Hex(secret)}`, () => verifyToken(secret));
  return found ? { ...found, actor: { ...found.actor! } } : { ...NONE, badToken: true };
}

async function verifyToken(secret: string): Promise<{ value: AuthResult; validUntil?: number } | null> {
  const token = await resolveToken(secret);
  const user = token ? await findUserById(token.userId) : null;
  if (!token || !user) return null;
  return {
    value: {
      ...NONE,
      actor: actorFor(user, { via: 'token', tokenId: token.tokenId, readOnly: token.readOnly }),
      user,
    },
    validUntil: token.expiresAt?.getTime(),
  };
}

async function fromAppToken(secret: string): Promise<AuthResult> {
  const found = await cachedAuth(`a:${sha256Hex(secret)}`, () => verifyAppToken(secret));
  return found ? { ...found, actor: { ...found.actor! } } : { ...NONE, badToken: true };
}

/** An app's access token acts for its grant: `tokenId` is the grant's id, its scope the grant's. */
async function verifyAppToken(secret: string): Promise<{ value: AuthResult; validUntil?: number } | null> {
  const found = await resolveAppAccessToken(secret);
  const user = found ? await findUserById(found.grant.userId) : null;
  if (!found || !user) return null;
  return {
    value: {
      ...NONE,
      actor: actorFor(user, { via: 'token', tokenId: found.grant._id, readOnly: found.grant.readOnly }),
      user,
    },
    validUntil: found.expiresAt.getTime(),
  };
}

async function fromSessionCookie(request: Request): Promise<AuthResult> {
  const sessionToken = readCookies(request)[SESSION_COOKIE];
  if (!sessionToken) return NONE;
  const found = await cachedAuth(`s:${sha256Hex(sessionToken)}`, () => verifySession(sessionToken));
  return found ? { ...found, actor: { ...found.actor! } } : NONE;
}

async function verifySession(
  sessionToken: string,
): Promise<{ value: AuthResult; validUntil: number } | null> {
  const session = await resolveSession(sessionToken);
  if (!session) return null;
  const user = await findUserById(session.userId);
  if (!user) return null;
  if (session.impersonatedBy && !(await openerStillAdmin(session.impersonatedBy))) {
    // An administrator's look into another account ends the moment they stop being an administrator.
    await endSession(sessionToken);
    return null;
  }
  return {
    value: {
      ...NONE,
      actor: actorFor(user, {
        via: 'session',
        sessionId: session._id,
        impersonatedBy: session.impersonatedBy ?? undefined,
      }),
      session,
      sessionToken,
      user,
    },
    validUntil: session.expiresAt.getTime(),
  };
}

/** One `_id` lookup, made only for impersonated sessions. */
async function openerStillAdmin(openerId: string): Promise<boolean> {
  const opener = await findUserById(openerId);
  return opener?.role === 'admin';
}
