// Accounts bound to external providers: signing in (or signing up) through one, binding one to the signed-in
// user, listing and unbinding. Bindings are `_id`-keyed (oauth.model.ts), so each decision is one `_id` lookup and
// "one provider account, one user" is enforced by the unique `_id` insert.
import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_ID, type Actor } from '../actor';
import { requireAccountHolder, requireUser } from '../auth/permissions';
import { isDuplicateKeyError } from '../db';
import { AppError, notFound } from '../errors';
import { logger } from '../logger';
import { copySpace } from '../users/starter-copy';
import { newUserDoc } from '../users/new-user';
import { findUserById } from '../users/user.lookup';
import { UserModel, type UserDoc } from '../users/user.model';
import { NICKNAME_MAX } from '../users/user.schema';
import { OAuthFailure } from './oauth.http';
import { OAuthAccountModel, type OAuthAccountDoc } from './oauth.model';
import type { ProviderKey } from './oauth.schema';
import type { ProviderProfile } from './providers/types';

const bindingId = (provider: ProviderKey, accountId: string) => `${provider}:${accountId}`;

function profileFields(profile: ProviderProfile) {
  return {
    displayName: profile.displayName?.slice(0, 100) ?? null,
    // Only web addresses: clients put it into an <img src>.
    avatarUrl:
      profile.avatarUrl && /^https?:\/\//i.test(profile.avatarUrl) ? profile.avatarUrl.slice(0, 2000) : null,
    email: profile.email?.slice(0, 320) ?? null,
  };
}

async function insertBinding(userId: string, provider: ProviderKey, profile: ProviderProfile) {
  const now = new Date();
  await OAuthAccountModel.create({
    _id: bindingId(provider, profile.id),
    userId,
    provider,
    providerAccountId: profile.id,
    ...profileFields(profile),
    createdAt: now,
    updatedAt: now,
  });
}

/** A new account for someone who signed in through a provider: generated username, no password yet. */
async function createOAuthUser(profile: ProviderProfile): Promise<UserDoc> {
  for (let attempt = 0; ; attempt++) {
    const username = `oauth_${randomBytes(4).toString('hex')}`;
    const doc = await newUserDoc({
      id: `user-${randomUUID()}`,
      username,
      password: randomBytes(24).toString('hex'),
      role: 'user',
    });
    doc.passwordHash = null;
    doc.hasPassword = false;
    doc.nickname = profile.displayName?.trim().slice(0, NICKNAME_MAX) || username;
    try {
      await UserModel.create(doc);
      return doc;
    } catch (err) {
      if (!isDuplicateKeyError(err) || attempt >= 5) throw err;
    }
  }
}

export interface OAuthLogin {
  userId: string;
  /** A new account was made for this sign-in. */
  created: boolean;
}

/**
 * Sign-in through a provider: the user bound to that provider account, or a new user (generated username, no
 * password, a copy of the starter data) bound to it. Registration being closed does not stop this (as before).
 */
export async function signInWithProvider(
  provider: ProviderKey,
  profile: ProviderProfile,
): Promise<OAuthLogin> {
  const id = bindingId(provider, profile.id);
  const existing = await OAuthAccountModel.findById(id).lean<OAuthAccountDoc>();
  if (existing) {
    if (await findUserById(existing.userId)) {
      await OAuthAccountModel.updateOne({ _id: id }, { $set: profileFields(profile) });
      return { userId: existing.userId, created: false };
    }
    // Left behind by a user deleted half-way: the provider account is free again.
    await OAuthAccountModel.deleteOne({ _id: id });
  }
  const user = await createOAuthUser(profile);
  try {
    await insertBinding(user._id, provider, profile);
  } catch (err) {
    await UserModel.deleteOne({ _id: user._id });
    if (!isDuplicateKeyError(err)) throw err;
    // The same provider account signed in twice at once: the other request made the account.
    const winner = await OAuthAccountModel.findById(id).lean<OAuthAccountDoc>();
    if (!winner) throw err;
    return { userId: winner.userId, created: false };
  }
  try {
    await copySpace(ADMIN_ID, user._id);
  } catch (err) {
    logger.error('oauth', 'copying the starter data failed', { userId: user._id, error: String(err) });
  }
  logger.info('oauth', 'user signed up through a provider', { userId: user._id, provider });
  return { userId: user._id, created: true };
}

/**
 * Binds a provider account to the signed-in caller. Already bound to them: nothing to do (`false`). Bound to someone
 * else: refused. The user already has another account of this provider: refused (unbind it first). A way to sign
 * in is a credential: an administrator who opened the account may not add one (403), as for passwords and tokens.
 */
export async function bindProvider(
  actor: Actor | null,
  provider: ProviderKey,
  profile: ProviderProfile,
): Promise<boolean> {
  const { userId } = requireAccountHolder(actor);
  const id = bindingId(provider, profile.id);
  const owner = async () => (await OAuthAccountModel.findById(id).lean<OAuthAccountDoc>())?.userId;
  const current = await owner();
  if (current === userId) return false;
  if (current) throw new OAuthFailure('conflict', 'This account is already bound to another user');
  try {
    await insertBinding(userId, provider, profile);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const now = await owner();
    if (now === userId) return false;
    if (now) throw new OAuthFailure('conflict', 'This account is already bound to another user');
    throw new OAuthFailure('taken', 'Another account of this provider is already bound; unbind it first');
  }
  logger.info('oauth', 'provider account bound', { userId, provider });
  return true;
}

export interface BindingDto {
  provider: string;
  displayName: string | null;
  avatarUrl: string | null;
  boundAt: string;
}

async function bindingsOf(userId: string): Promise<OAuthAccountDoc[]> {
  return OAuthAccountModel.find({ userId }).sort({ createdAt: 1 }).lean<OAuthAccountDoc[]>();
}

/** `GET /api/user/oauth-bind`: the caller's bound provider accounts. */
export async function listBindings(actor: Actor | null): Promise<{ bindings: BindingDto[] }> {
  const a = requireUser(actor);
  const docs = await bindingsOf(a.userId);
  return {
    bindings: docs.map((d) => ({
      provider: d.provider,
      displayName: d.displayName,
      avatarUrl: d.avatarUrl,
      boundAt: new Date(d.createdAt).toISOString(),
    })),
  };
}

const LAST_WAY = 'This is your last way to sign in: set a password or bind another account first';

/**
 * `DELETE /api/user/oauth-bind`: removes the caller's binding of a provider. The last way to sign in of an
 * account without a password cannot be removed (checked again after the delete, so two parallel unbinds cannot
 * remove both of the last two: the second is put back).
 */
export async function unbindProvider(actor: Actor | null, provider: ProviderKey): Promise<{ ok: true }> {
  const a = requireAccountHolder(actor);
  const user = await findUserById(a.userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  const docs = await bindingsOf(a.userId);
  const doc = docs.find((d) => d.provider === provider);
  if (!doc) throw notFound('Binding');
  const passwordless = user.hasPassword === false || !user.passwordHash;
  if (passwordless && docs.length <= 1) throw new AppError('bad_request', LAST_WAY);
  await OAuthAccountModel.deleteOne({ _id: doc._id });
  if (passwordless && (await bindingsOf(a.userId)).length === 0) {
    await OAuthAccountModel.create(doc).catch(() => {});
    throw new AppError('bad_request', LAST_WAY);
  }
  logger.info('oauth', 'provider account unbound', { userId: a.userId, provider });
  return { ok: true };
}
