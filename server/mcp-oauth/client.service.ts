import { randomHex } from '../auth/crypto';
import type { Limit } from '../rate-limit/rate-limit.service';
import { AppClientModel, type AppClientDoc } from './mcp-oauth.model';
import { SCOPES, redirectUriProblem, type ClientRegistration } from './mcp-oauth.schema';
import { OAuthError } from './oauth-error';

/** Registrations per client address: a person connects a few assistants, not dozens an hour. */
export const REGISTER_PER_IP: Limit = { name: 'oauth-register', max: 20, windowMs: 60 * 60_000 };

const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

export interface ClientInformation {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
  scope: string;
}

const metadataError = (message: string) => new OAuthError('invalid_client_metadata', message);

/** A name shown on the consent page: printable characters only, never empty. */
function displayName(name: string | undefined, redirectUri: string): string {
  const clean = (name ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return clean || new URL(redirectUri).host;
}

/**
 * Registers a public client (RFC 7591; anyone may, within REGISTER_PER_IP a client address, which the route
 * enforces): redirect URIs https or loopback http, no secret (`token_endpoint_auth_method: none`).
 */
export async function registerClient(input: ClientRegistration): Promise<ClientInformation> {
  for (const uri of input.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new OAuthError('invalid_redirect_uri', `redirect_uri ${JSON.stringify(uri)} ${problem}`);
  }
  if (input.token_endpoint_auth_method !== undefined && input.token_endpoint_auth_method !== 'none') {
    throw metadataError('Only public clients are supported: token_endpoint_auth_method must be "none"');
  }
  const unknownGrant = input.grant_types?.find((g) => !GRANT_TYPES.has(g));
  if (unknownGrant) throw metadataError(`grant_type ${unknownGrant} is not supported`);
  if (input.response_types?.some((r) => r !== 'code'))
    throw metadataError('Only response_type "code" is supported');
  const unknownScope = input.scope?.split(' ').find((s) => s && !(SCOPES as readonly string[]).includes(s));
  if (unknownScope) throw metadataError(`Unknown scope ${unknownScope}; use ${SCOPES.join(' ')}`);
  const doc: AppClientDoc = {
    _id: `mcp-${randomHex(16)}`,
    clientName: displayName(input.client_name, input.redirect_uris[0]!),
    redirectUris: [...new Set(input.redirect_uris)],
    createdAt: new Date(),
    allowedAt: null,
  };
  await AppClientModel.create(doc);
  return toClientInformation(doc);
}

export function toClientInformation(doc: AppClientDoc): ClientInformation {
  return {
    client_id: doc._id,
    client_id_issued_at: Math.floor(doc.createdAt.getTime() / 1000),
    client_name: doc.clientName,
    redirect_uris: doc.redirectUris,
    grant_types: [...GRANT_TYPES],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: SCOPES.join(' '),
  };
}

/** One registered client, or null. */
export async function findClient(clientId: string | undefined): Promise<AppClientDoc | null> {
  if (!clientId || !/^mcp-[0-9a-f]{32}$/.test(clientId)) return null;
  return AppClientModel.findById(clientId).lean<AppClientDoc>();
}
