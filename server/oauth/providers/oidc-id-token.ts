// The ID token of an OpenID Connect sign-in, verified (OIDC Core 3.1.3.7): signature against the provider's published
// keys (or the client secret for HMAC algorithms), issuer, audience, authorized party and expiry. The key set is
// fetched through the safe outbound client like every other provider call, and cached briefly.
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { OAuthFailure, providerJson } from '../oauth.http';
import { fresh } from '../../fresh';

const KEYS_CACHE_MS = 5 * 60_000;
const keyCache = new Map<string, { at: number; keys: JSONWebKeySet }>();

async function keySet(jwksUri: string, refetch: boolean): Promise<JSONWebKeySet> {
  const hit = keyCache.get(jwksUri);
  if (!refetch && hit && fresh(hit.at, KEYS_CACHE_MS)) return hit.keys;
  const { status, body } = await providerJson(jwksUri);
  if (status !== 200 || !Array.isArray(body.keys)) {
    throw new OAuthFailure('provider', `The provider's signing keys could not be read (HTTP ${status})`);
  }
  const keys = body as unknown as JSONWebKeySet;
  keyCache.set(jwksUri, { at: Date.now(), keys });
  return keys;
}

export interface IdTokenCheck {
  issuer: string;
  jwksUri: string | undefined;
  clientId: string;
  clientSecret: string;
}

/** jose, loaded on the first OpenID Connect sign-in rather than at start. */
const jose = () => import('jose');

async function verifyWith(token: string, check: IdTokenCheck, fresh: boolean): Promise<JWTPayload> {
  const { createLocalJWKSet, decodeProtectedHeader, jwtVerify } = await jose();
  const options = { issuer: check.issuer, audience: check.clientId, clockTolerance: 60 };
  const { alg } = decodeProtectedHeader(token);
  if (alg?.startsWith('HS')) {
    return (await jwtVerify(token, new TextEncoder().encode(check.clientSecret), options)).payload;
  }
  if (!check.jwksUri) throw new OAuthFailure('provider', 'The provider publishes no signing keys (jwks_uri)');
  const keys = createLocalJWKSet(await keySet(check.jwksUri, fresh));
  return (await jwtVerify(token, keys, options)).payload;
}

/** The verified claims of an ID token; any failure is an OAuthFailure naming what did not hold. */
export async function verifiedIdToken(token: string, check: IdTokenCheck): Promise<Record<string, unknown>> {
  const { errors: joseErrors } = await jose();
  let payload: JWTPayload;
  try {
    try {
      payload = await verifyWith(token, check, false);
    } catch (err) {
      // The provider may have rotated its keys since they were cached: read them again once.
      if (!(err instanceof joseErrors.JWKSNoMatchingKey)) throw err;
      payload = await verifyWith(token, check, true);
    }
  } catch (err) {
    if (err instanceof OAuthFailure) throw err;
    const what = err instanceof joseErrors.JOSEError ? err.code : 'ERR_INVALID';
    throw new OAuthFailure('provider', `The provider's ID token was refused (${what})`);
  }
  // With several audiences, the token must name us as the party it was issued to (OIDC Core 3.1.3.7, 4-5).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== check.clientId) {
    throw new OAuthFailure('provider', "The provider's ID token was issued to another client (azp)");
  }
  return payload as Record<string, unknown>;
}
