import type { Actor } from '../actor';
import { resolveToken } from '../tokens/token.service';
import { findUserById } from '../users/user.lookup';
import { SESSION_COOKIE } from './cookies';
import { readCookies } from './request';
import type { SessionDoc } from './session.model';
import { resolveSession } from './session.store';

export interface AuthResult {
  actor: Actor | null;
  /** A Bearer token was presented but is malformed, unknown, expired or revoked. */
  badToken: boolean;
  session: SessionDoc | null;
  sessionToken: string | null;
}

const memo = new WeakMap<Request, Promise<AuthResult>>();

/**
 * The one credential resolver for pages, the JSON API and MCP: a `Bearer sak_…` token, else the session cookie.
 * Memoised per request.
 */
export function authenticate(request: Request): Promise<AuthResult> {
  let result = memo.get(request);
  if (!result) {
    result = resolve(request);
    memo.set(request, result);
  }
  return result;
}

const NONE: AuthResult = { actor: null, badToken: false, session: null, sessionToken: null };

async function resolve(request: Request): Promise<AuthResult> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  // Like the older service, a bearer value that is not one of our tokens is ignored (it may belong to a proxy).
  if (bearer?.startsWith('sak_')) {
    const token = await resolveToken(bearer);
    const user = token ? await findUserById(token.userId) : null;
    if (!token || !user) return { ...NONE, badToken: true };
    return {
      ...NONE,
      actor: {
        userId: user._id,
        username: user.username,
        role: user.role,
        via: 'token',
        tokenId: token.tokenId,
        readOnly: token.readOnly,
      },
    };
  }
  const sessionToken = readCookies(request)[SESSION_COOKIE];
  if (!sessionToken) return NONE;
  const session = await resolveSession(sessionToken);
  if (!session) return NONE;
  const user = await findUserById(session.userId);
  if (!user) return NONE;
  return {
    actor: {
      userId: user._id,
      username: user.username,
      role: user.role,
      via: 'session',
      sessionId: session._id,
    },
    badToken: false,
    session,
    sessionToken,
  };
}
