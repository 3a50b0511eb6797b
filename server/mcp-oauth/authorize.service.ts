import type { Actor } from '../actor';
import { randomToken, sha256Hex } from '../auth/crypto';
import { requireAccountHolder } from '../auth/permissions';
import { AppError } from '../errors';
import { findClient } from './client.service';
import { AppClientModel, AppCodeModel, AppGrantModel } from './mcp-oauth.model';
import { isOurResource, mcpResource } from './mcp-oauth.metadata';
import { SCOPES, SCOPE_WRITE, type AuthorizeRequest, type GrantAccess } from './mcp-oauth.schema';

/** How long an authorization code may wait to be exchanged (OAuth 2.1 asks for a short life). */
export const CODE_TTL_MS = 60_000;
/** App connections per user, as for personal tokens: revoke one to add another. */
export const MAX_GRANTS_PER_USER = 20;

/** An authorization request that passed every check: what the consent page shows and the form posts back. */
export interface CheckedAuthorization {
  clientId: string;
  clientName: string;
  redirectUri: string;
  redirectHost: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  /** The most the client asked for: a read-only request cannot be granted writing. */
  maxAccess: GrantAccess;
}

export type AuthorizeCheck =
  | { ok: true; request: CheckedAuthorization }
  /** Shown on our own page: the client or its redirect URI cannot be trusted to receive an answer. */
  | { ok: false; problem: 'unknown_client' | 'bad_redirect_uri' }
  /** Sent back to the client (RFC 6749 §4.1.2.1). */
  | { ok: false; problem: 'redirect'; redirectTo: string };

/** The client's redirect URI with the answer's parameters (and `iss`, RFC 9207). */
function answerUrl(redirectUri: string, params: Record<string, string | null>, origin: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  url.searchParams.set('iss', origin);
  return url.toString();
}

/**
 * Checks an authorization request (the consent page's GET and its form post). An unknown client or a redirect URI it
 * did not register is shown on our page; everything else wrong goes back to the client as an OAuth error: only
 * `response_type=code`, PKCE with S256 (plain refused), known scopes, and a `resource` that is our MCP endpoint.
 */
export async function checkAuthorizeRequest(q: AuthorizeRequest, origin: string): Promise<AuthorizeCheck> {
  const client = await findClient(q.client_id);
  if (!client) return { ok: false, problem: 'unknown_client' };
  // Omitted only when the client registered exactly one (RFC 6749 §3.1.2.3); else an exact match.
  const redirectUri =
    q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri))
    return { ok: false, problem: 'bad_redirect_uri' };
  const state = q.state ?? null;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    ok: false,
    problem: 'redirect',
    redirectTo: answerUrl(redirectUri, { error, error_description: description, state }, origin),
  });
  if (q.response_type !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported');
  if (!q.code_challenge) return fail('invalid_request', 'PKCE is required: send code_challenge (S256)');
  if (q.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'Only code_challenge_method=S256 is supported (plain is refused)');
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  }
  const scopes = (q.scope ?? '').split(' ').filter(Boolean);
  const unknown = scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown) return fail('invalid_scope', `Unknown scope ${unknown}; use ${SCOPES.join(' ')}`);
  if (q.resource !== undefined && !isOurResource(origin, q.resource)) {
    return fail('invalid_target', `resource must be ${mcpResource(origin)}`);
  }
  return {
    ok: true,
    request: {
      clientId: client._id,
      clientName: client.clientName,
      redirectUri,
      redirectHost: new URL(redirectUri).host,
      state,
      codeChallenge: q.code_challenge,
      resource: mcpResource(origin),
      maxAccess: scopes.length === 0 || scopes.includes(SCOPE_WRITE) ? 'write' : 'read',
    },
  };
}

/**
 * The signed-in user allows the client: a single-use code bound to the client, redirect URI, PKCE challenge and
 * resource, and the access chosen (never more than asked for). Answers where to send the browser.
 */
export async function approveAuthorization(
  actor: Actor,
  request: CheckedAuthorization,
  access: GrantAccess,
  origin: string,
): Promise<string> {
  requireAccountHolder(actor);
  if (actor.via !== 'session') throw new AppError('forbidden', 'Sign in to the website to allow an app');
  const count = await AppGrantModel.countDocuments({ userId: actor.userId });
  if (count >= MAX_GRANTS_PER_USER) {
    throw new AppError('conflict', `You can connect at most ${MAX_GRANTS_PER_USER} apps; revoke one first`);
  }
  const code = randomToken(32);
  await AppCodeModel.create({
    _id: sha256Hex(code),
    clientId: request.clientId,
    userId: actor.userId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    readOnly: access === 'read' || request.maxAccess === 'read',
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await AppClientModel.updateOne(
    { _id: request.clientId, allowedAt: null },
    { $set: { allowedAt: new Date() } },
  );
  return answerUrl(request.redirectUri, { code, state: request.state }, origin);
}

/** The user said no: the client hears `access_denied`. */
export function denyAuthorization(request: CheckedAuthorization, origin: string): string {
  return answerUrl(
    request.redirectUri,
    { error: 'access_denied', error_description: 'The user denied access', state: request.state },
    origin,
  );
}
