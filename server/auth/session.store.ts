import { SessionModel, type SessionDoc } from './session.model';
import { lookupCache } from '../lookup-cache';
import { randomHex, randomToken, sha256Hex } from './crypto';

/**
 * Sessions read on every request, briefly cached (server/lookup-cache.ts). Every write to sessions is in this
 * module and invalidates; a session ended through another instance is refused here within CACHE_TTL_MS.
 */
const sessionCache = lookupCache<SessionDoc>();

const DAY = 24 * 60 * 60 * 1000;
/** "Remember me": a persistent cookie and a fixed 30-day life. */
export const PERSISTENT_TTL_MS = 30 * DAY;
/** Otherwise a browser-session cookie whose server-side life slides by a day with use, capped at 14 days. */
export const BROWSER_TTL_MS = DAY;
const BROWSER_MAX_MS = 14 * DAY;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface NewSession {
  token: string;
  session: SessionDoc;
}

export interface SessionMeta {
  persistent: boolean;
  ip?: string | null;
  userAgent?: string | null;
  impersonatedBy?: string | null;
}

export async function createSession(userId: string, meta: SessionMeta): Promise<NewSession> {
  const token = randomToken(32);
  const now = new Date();
  const doc: SessionDoc = {
    _id: sha256Hex(token),
    publicId: randomHex(8),
    userId,
    persistent: meta.persistent,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (meta.persistent ? PERSISTENT_TTL_MS : BROWSER_TTL_MS)),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    impersonatedBy: meta.impersonatedBy ?? null,
  };
  await SessionModel.create(doc);
  return { token, session: doc };
}

/** The live session behind a cookie value, or null. Expired sessions are deleted on sight. */
export async function resolveSession(token: string | undefined | null): Promise<SessionDoc | null> {
  if (!token || token.length < 20 || token.length > 100) return null;
  const id = sha256Hex(token);
  const session = await sessionCache.get(id, () => SessionModel.findById(id).lean<SessionDoc>());
  if (!session) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    sessionCache.forget(id);
    await SessionModel.deleteOne({ _id: id });
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const update: Partial<SessionDoc> = { lastSeenAt: new Date(now) };
    if (!session.persistent) {
      const cap = session.createdAt.getTime() + BROWSER_MAX_MS;
      update.expiresAt = new Date(Math.min(now + BROWSER_TTL_MS, cap));
    }
    // Best effort: a failed touch must not fail the request.
    sessionCache.forget(id);
    void SessionModel.updateOne({ _id: id }, { $set: update })
      .then(() => sessionCache.forget(id))
      .catch(() => {});
  }
  return session;
}

export async function endSession(token: string | undefined | null): Promise<void> {
  if (!token) return;
  sessionCache.forget(sha256Hex(token));
  await SessionModel.deleteOne({ _id: sha256Hex(token) });
  sessionCache.forget(sha256Hex(token));
}

/** Ends every session of a user, optionally keeping one (the caller's). */
export async function endUserSessions(
  userId: string,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const filter: Record<string, unknown> = { userId };
  if (options.exceptSessionId) filter._id = { $ne: options.exceptSessionId };
  sessionCache.clear();
  const res = await SessionModel.deleteMany(filter);
  sessionCache.clear();
  return res.deletedCount ?? 0;
}

export interface SessionInfo {
  id: string;
  current: boolean;
  persistent: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
  /** An administrator switched into this account with this session. */
  impersonated: boolean;
}

export async function listUserSessions(userId: string, currentSessionId?: string): Promise<SessionInfo[]> {
  const now = new Date();
  const rows = await SessionModel.find({ userId }).lean<SessionDoc[]>();
  return rows
    .filter((s) => s.expiresAt > now)
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .map((s) => ({
      id: s.publicId,
      current: s._id === currentSessionId,
      persistent: s.persistent,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
      impersonated: Boolean(s.impersonatedBy),
    }));
}

export async function endSessionByPublicId(userId: string, publicId: string): Promise<boolean> {
  sessionCache.clear();
  const res = await SessionModel.deleteOne({ userId, publicId });
  sessionCache.clear();
  return (res.deletedCount ?? 0) > 0;
}

/** Removes expired sessions; called now and then, since FerretDB has no TTL indexes. */
export async function purgeExpiredSessions(): Promise<number> {
  const res = await SessionModel.deleteMany({ expiresAt: { $lte: new Date() } });
  return res.deletedCount ?? 0;
}
