import type { Actor } from '../actor';
import { notFound } from '../errors';
import { toAccountSummary, type AccountSummary } from '../users/user.dto';
import { findUserById } from '../users/user.lookup';
import { assetUrl } from '../assets/asset.dto';
import { requireUser } from './permissions';
import type { SessionDoc } from './session.model';
import { endSessionByPublicId, endUserSessions, listUserSessions, type SessionInfo } from './session.store';

/** The caller's live sign-ins (browsers), most recently used first; the current one is marked. */
export async function listSessions(actor: Actor | null): Promise<SessionInfo[]> {
  const a = requireUser(actor);
  return listUserSessions(a.userId, a.sessionId);
}

/** Signs one of the caller's sessions out (by its public id). */
export async function revokeSession(actor: Actor | null, publicId: string): Promise<{ ok: true }> {
  const a = requireUser(actor);
  if (!(await endSessionByPublicId(a.userId, publicId))) throw notFound('Session');
  return { ok: true };
}

/** Signs out every session of the caller except the current one. */
export async function revokeOtherSessions(actor: Actor | null): Promise<{ ended: number }> {
  const a = requireUser(actor);
  return { ended: await endUserSessions(a.userId, { exceptSessionId: a.sessionId }) };
}

export interface SessionState {
  isAuthenticated: boolean;
  username: string | null;
  userId: string | null;
  role: string | null;
  nickname: string | null;
  avatarUrl: string | null;
  avatarColor: string | null;
  /** Other accounts signed in on this browser, for the account switcher. */
  accounts: AccountSummary[];
}

const SIGNED_OUT: SessionState = {
  isAuthenticated: false,
  username: null,
  userId: null,
  role: null,
  nickname: null,
  avatarUrl: null,
  avatarColor: null,
  accounts: [],
};

/** `GET /api/auth/session`: who is signed in (never an error), plus the browser's other accounts. */
export async function describeSession(
  actor: Actor | null,
  otherSessions: readonly SessionDoc[] = [],
): Promise<SessionState> {
  const accounts = await otherAccounts(actor, otherSessions);
  if (!actor) return { ...SIGNED_OUT, accounts };
  const user = await findUserById(actor.userId);
  if (!user) return { ...SIGNED_OUT, accounts };
  return {
    isAuthenticated: true,
    username: user.username,
    userId: user._id,
    role: user.role,
    nickname: user.nickname ?? null,
    avatarUrl: user.avatarAssetId ? assetUrl(user.avatarAssetId) : null,
    avatarColor: user.avatarColor,
    accounts,
  };
}

/** The users behind a browser's other live sessions (excluding the caller), deduplicated. */
export async function otherAccounts(
  actor: Actor | null,
  otherSessions: readonly SessionDoc[],
): Promise<AccountSummary[]> {
  const seen = new Set<string>(actor ? [actor.userId] : []);
  const out: AccountSummary[] = [];
  for (const s of otherSessions) {
    if (seen.has(s.userId)) continue;
    seen.add(s.userId);
    const user = await findUserById(s.userId);
    if (user) out.push(toAccountSummary(user));
  }
  return out;
}
