import type { Actor } from '../actor';
import { AppError, notFound } from '../errors';
import { randomHex, sha256Hex } from '../auth/crypto';
import { requireAccountHolder } from '../auth/permissions';
import { TokenModel, type TokenDoc } from './token.model';
import { toToken, type TokenDto } from './token.dto';
import type { TokenCreate } from './token.schema';

export const TOKEN_PREFIX = 'sak_';
export const MAX_TOKENS_PER_USER = 10;
const TOKEN_RE = /^sak_[0-9a-f]{64}$/;
const EXPIRY_MS: Record<TokenCreate['expiresIn'], number | null> = {
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
  '1y': 365 * 86_400_000,
  never: null,
};

/** Lists the caller's tokens, newest first. */
export async function listTokens(actor: Actor): Promise<TokenDto[]> {
  const rows = await TokenModel.find({ userId: actor.userId }).lean<TokenDoc[]>();
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((t) => toToken(t));
}

/** Creates a personal access token; the secret is in the result only this once. */
export async function createToken(actor: Actor, input: TokenCreate): Promise<TokenDto & { token: string }> {
  if (actor.via === 'token')
    throw new AppError('forbidden', 'Tokens cannot create tokens; sign in to the website');
  requireAccountHolder(actor);
  const count = await TokenModel.countDocuments({ userId: actor.userId });
  if (count >= MAX_TOKENS_PER_USER) {
    throw new AppError('conflict', `You can have at most ${MAX_TOKENS_PER_USER} tokens; delete one first`);
  }
  const token = TOKEN_PREFIX + randomHex(32);
  const ttl = EXPIRY_MS[input.expiresIn];
  const now = new Date();
  const doc: TokenDoc = {
    _id: sha256Hex(token),
    tokenId: `tok-${randomHex(16)}`,
    userId: actor.userId,
    name: input.name,
    tokenSuffix: token.slice(-4),
    readOnly: input.readOnly,
    expiresAt: ttl === null ? null : new Date(now.getTime() + ttl),
    lastUsedAt: null,
    createdAt: now,
  };
  await TokenModel.create(doc);
  return { ...toToken(doc, now), token };
}

/** Revokes one of the caller's tokens. */
export async function deleteToken(actor: Actor, tokenId: string): Promise<void> {
  const res = await TokenModel.deleteOne({ tokenId, userId: actor.userId });
  if ((res.deletedCount ?? 0) === 0) throw notFound('Token');
}

/** The live token record for a presented secret, or null (malformed, unknown or expired). */
export async function resolveToken(secret: string): Promise<TokenDoc | null> {
  if (!TOKEN_RE.test(secret)) return null;
  const doc = await TokenModel.findById(sha256Hex(secret)).lean<TokenDoc>();
  if (!doc) return null;
  if (doc.expiresAt && doc.expiresAt <= new Date()) return null;
  // Recording use must never slow or fail the request, and once a minute is precise enough.
  if (!doc.lastUsedAt || Date.now() - doc.lastUsedAt.getTime() > 60_000) {
    void TokenModel.updateOne({ _id: doc._id }, { $set: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return doc;
}

export async function deleteUserTokens(userId: string): Promise<void> {
  await TokenModel.deleteMany({ userId });
}
