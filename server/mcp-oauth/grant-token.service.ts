import { createHash } from 'node:crypto';
import { randomHex, safeEqual, sha256Hex } from '../auth/crypto';
import type { Limit } from '../rate-limit/rate-limit.service';
import { findClient } from './client.service';
import {
  AppClientModel,
  AppCodeModel,
  AppGrantModel,
  AppTokenModel,
  type AppCodeDoc,
  type AppGrantDoc,
  type AppTokenDoc,
} from './mcp-oauth.model';
import { isOurResource } from './mcp-oauth.metadata';
import { SCOPE_READ, SCOPE_WRITE, type TokenRequest } from './mcp-oauth.schema';
import { OAuthError } from './oauth-error';

export const ACCESS_PREFIX = 'saa_';
export const REFRESH_PREFIX = 'sar_';
const ACCESS_RE = /^saa_[0-9a-f]{64}$/;
const REFRESH_RE = /^sar_[0-9a-f]{64}$/;
/** An access token lives an hour; the client refreshes it (rotation: each refresh token works once). */
export const ACCESS_TTL_MS = 60 * 60_000;
/** A refresh token unused for this long expires, and with it the connection's use (the grant stays listed). */
export const REFRESH_TTL_MS = 30 * 86_400_000;
/** Token requests per client address: a client asks once an hour per connection. */
export const TOKEN_PER_IP: Limit = { name: 'oauth-token', max: 60, windowMs: 60_000 };

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);
const required = (value: string | undefined, name: string): string => {
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
};

/** The token endpoint: exchanges a code (with its PKCE verifier) or a refresh token for new tokens. */
export async function exchangeToken(input: TokenRequest, origin: string): Promise<TokenResponse> {
  const grantType = required(input.grant_type, 'grant_type');
  if (grantType === 'authorization_code') return exchangeCode(input, origin);
  if (grantType === 'refresh_token') return refresh(input);
  throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
}

/** Removes a single-use record; only the one request that removed it may go on (parallel replays lose). */
async function takeOnce(model: typeof AppCodeModel | typeof AppTokenModel, id: string): Promise<boolean> {
  const res = await (model as typeof AppCodeModel).deleteOne({ _id: id });
  return (res.deletedCount ?? 0) === 1;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function exchangeCode(input: TokenRequest, origin: string): Promise<TokenResponse> {
  const code = required(input.code, 'code');
  const clientId = required(input.client_id, 'client_id');
  const redirectUri = required(input.redirect_uri, 'redirect_uri');
  const verifier = required(input.code_verifier, 'code_verifier');
  const client = await findClient(clientId);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id', 401);
  const id = sha256Hex(code);
  const doc = await AppCodeModel.findById(id).lean<AppCodeDoc>();
  // A code is used once: removed before anything else is checked, so a wrong attempt burns it too.
  if (!doc || !(await takeOnce(AppCodeModel, id))) {
    throw invalidGrant('The authorization code is invalid or was already used');
  }
  if (doc.expiresAt <= new Date()) throw invalidGrant('The authorization code has expired');
  if (doc.clientId !== client._id) throw invalidGrant('The authorization code was issued to another client');
  if (doc.redirectUri !== redirectUri)
    throw invalidGrant('redirect_uri does not match the authorization request');
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !safeEqual(s256(verifier), doc.codeChallenge)) {
    throw invalidGrant('code_verifier does not match the code_challenge');
  }
  if (input.resource !== undefined && !isOurResource(origin, input.resource)) {
    throw new OAuthError('invalid_target', 'resource does not match the authorization request');
  }
  const grant: AppGrantDoc = {
    _id: `app-${randomHex(16)}`,
    userId: doc.userId,
    clientId: client._id,
    clientName: client.clientName,
    redirectHost: new URL(doc.redirectUri).host,
    resource: doc.resource,
    readOnly: doc.readOnly,
    createdAt: new Date(),
    lastUsedAt: null,
  };
  await AppGrantModel.create(grant);
  return issueTokens(grant);
}

async function refresh(input: TokenRequest): Promise<TokenResponse> {
  const secret = required(input.refresh_token, 'refresh_token');
  const clientId = required(input.client_id, 'client_id');
  if (!(await AppClientModel.exists({ _id: clientId }))) {
    throw new OAuthError('invalid_client', 'Unknown client_id', 401);
  }
  const id = REFRESH_RE.test(secret) ? sha256Hex(secret) : null;
  const doc = id ? await AppTokenModel.findById(id).lean<AppTokenDoc>() : null;
  if (!doc || doc.kind !== 'refresh' || doc.clientId !== clientId) {
    throw invalidGrant('The refresh token is invalid or was revoked');
  }
  if (!(await takeOnce(AppTokenModel, doc._id))) throw invalidGrant('The refresh token was already used');
  if (doc.expiresAt <= new Date()) throw invalidGrant('The refresh token has expired');
  const grant = await AppGrantModel.findById(doc.grantId).lean<AppGrantDoc>();
  if (!grant) throw invalidGrant('The connection was revoked');
  if (grant.readOnly && input.scope?.split(' ').includes(SCOPE_WRITE)) {
    throw new OAuthError('invalid_scope', 'This connection was allowed to read only');
  }
  return issueTokens(grant);
}

/** A new access token and refresh token for a grant, stored hashed. */
async function issueTokens(grant: AppGrantDoc): Promise<TokenResponse> {
  const access = ACCESS_PREFIX + randomHex(32);
  const refreshToken = REFRESH_PREFIX + randomHex(32);
  const now = Date.now();
  const base = { grantId: grant._id, clientId: grant.clientId, userId: grant.userId };
  await AppTokenModel.insertMany([
    { _id: sha256Hex(access), kind: 'access', ...base, expiresAt: new Date(now + ACCESS_TTL_MS) },
    { _id: sha256Hex(refreshToken), kind: 'refresh', ...base, expiresAt: new Date(now + REFRESH_TTL_MS) },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TTL_MS / 1000,
    refresh_token: refreshToken,
    scope: grant.readOnly ? SCOPE_READ : `${SCOPE_READ} ${SCOPE_WRITE}`,
  };
}

export const isAppAccessToken = (secret: string) => secret.startsWith(ACCESS_PREFIX);

/** The live grant behind a presented access token, or null (malformed, unknown, expired or revoked). */
export async function resolveAppAccessToken(
  secret: string,
): Promise<{ grant: AppGrantDoc; expiresAt: Date } | null> {
  if (!ACCESS_RE.test(secret)) return null;
  const token = await AppTokenModel.findById(sha256Hex(secret)).lean<AppTokenDoc>();
  if (!token || token.kind !== 'access' || token.expiresAt <= new Date()) return null;
  const grant = await AppGrantModel.findById(token.grantId).lean<AppGrantDoc>();
  if (!grant) return null;
  // Recording use must never slow or fail the request, and once a minute is precise enough.
  if (!grant.lastUsedAt || Date.now() - grant.lastUsedAt.getTime() > 60_000) {
    void AppGrantModel.updateOne({ _id: grant._id }, { $set: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return { grant, expiresAt: token.expiresAt };
}
