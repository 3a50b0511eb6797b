// A generic OpenID Connect provider (Authentik, Keycloak, Authelia, Pocket ID, Google, GitLab ...): endpoints from
// the discovery document, authorization code flow with PKCE (S256), the user from the userinfo endpoint.
import { OAuthFailure, providerJson, str } from '../oauth.http';
import type { ProviderConfig } from '../oauth.schema';
import { verifiedIdToken } from './oidc-id-token';
import type { Endpoints, ProviderDef } from './types';
import { fresh } from '../../fresh';

interface Discovery extends Endpoints {
  authMethods: string[];
  issuer: string;
  jwksUri: string | undefined;
}

// Discovery documents change rarely; a short cache spares the provider one request per sign-in.
const cache = new Map<string, { at: number; value: Discovery }>();
const CACHE_MS = 60_000;

/** The discovery URL from what the admin typed: an issuer or the full `.well-known` address. */
export function discoveryUrl(issuer: string): string {
  if (issuer.includes('/.well-known/')) return issuer;
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

async function discover(cfg: ProviderConfig): Promise<Discovery> {
  const url = discoveryUrl(cfg.issuer ?? '');
  const hit = cache.get(url);
  if (hit && fresh(hit.at, CACHE_MS)) return hit.value;
  const { status, body } = await providerJson(url);
  const authorize = str(body, 'authorization_endpoint');
  const token = str(body, 'token_endpoint');
  const issuer = str(body, 'issuer');
  if (status !== 200 || !authorize || !token || !issuer) {
    throw new OAuthFailure('provider', `No OpenID Connect discovery document at ${url} (HTTP ${status})`);
  }
  const methods = body.token_endpoint_auth_methods_supported;
  const value: Discovery = {
    authorize,
    token,
    userinfo: str(body, 'userinfo_endpoint') ?? undefined,
    authMethods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : [],
    issuer,
    jwksUri: str(body, 'jwks_uri') ?? undefined,
  };
  cache.set(url, { at: Date.now(), value });
  return value;
}

/** The token request with the client authentication the provider supports (Basic by default, as the spec says). */
async function tokenRequest(cfg: ProviderConfig, d: Discovery, form: Record<string, string>) {
  const id = cfg.clientId ?? '';
  const secret = cfg.clientSecret ?? '';
  const postOnly = d.authMethods.length > 0 && !d.authMethods.includes('client_secret_basic');
  if (postOnly) return providerJson(d.token, { form: { ...form, client_id: id, client_secret: secret } });
  const basic = Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64');
  return providerJson(d.token, { form, headers: { authorization: `Basic ${basic}` } });
}

export const oidc: ProviderDef = {
  pkce: true,
  endpoints: (cfg) => discover(cfg),
  clientId: (cfg) => cfg.clientId ?? '',
  scopes: (cfg) => (cfg.scopes ?? 'openid profile email').split(/[\s,]+/).filter(Boolean),
  async exchange({ cfg, code, codeVerifier, redirectUri }) {
    const d = await discover(cfg);
    const { body } = await tokenRequest(cfg, d, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    if (!str(body, 'access_token')) {
      throw new OAuthFailure(
        'provider',
        `The provider refused the code: ${str(body, 'error') ?? 'no access token'}`,
      );
    }
    return body;
  },
  async profile({ cfg, tokens }) {
    const d = await discover(cfg);
    const idToken = str(tokens, 'id_token');
    // Without the openid scope there is no ID token: the user is then whoever the userinfo endpoint names.
    let claims = idToken
      ? await verifiedIdToken(idToken, {
          issuer: d.issuer,
          jwksUri: d.jwksUri,
          clientId: cfg.clientId ?? '',
          clientSecret: cfg.clientSecret ?? '',
        })
      : {};
    if (d.userinfo) {
      const { status, body } = await providerJson(d.userinfo, {
        headers: { authorization: `Bearer ${str(tokens, 'access_token')}` },
      });
      if (status !== 200) throw new OAuthFailure('provider', `The userinfo request failed (HTTP ${status})`);
      // The userinfo subject must be the ID token's (OIDC Core 5.3.2).
      if (claims.sub !== undefined && body.sub !== claims.sub) {
        throw new OAuthFailure('provider', 'The userinfo subject does not match the ID token');
      }
      claims = { ...claims, ...body };
    }
    const sub = str(claims, 'sub');
    if (!sub) throw new OAuthFailure('provider', 'The provider did not say who signed in (no subject)');
    return {
      id: sub,
      displayName: str(claims, 'name') ?? str(claims, 'preferred_username') ?? str(claims, 'nickname'),
      avatarUrl: str(claims, 'picture'),
      email: claims.email_verified === false ? null : str(claims, 'email'),
    };
  },
  async test(cfg) {
    let d: Discovery;
    try {
      d = await discover(cfg);
    } catch (err) {
      return { ok: false, message: err instanceof OAuthFailure ? err.message : 'Discovery failed' };
    }
    // A made-up code: the provider authenticates the client first, then refuses the grant.
    const { body } = await tokenRequest(cfg, d, {
      grant_type: 'authorization_code',
      code: 'sakura-dash-connection-test',
      redirect_uri: 'https://invalid.example/callback',
    });
    const error = str(body, 'error');
    if (error === 'invalid_client' || error === 'unauthorized_client') {
      return { ok: false, message: `The provider refused the client id or secret (${error})` };
    }
    if (error)
      return { ok: true, message: `Discovery and client credentials accepted (${error} for a test code)` };
    return { ok: true, message: 'Discovery accepted' };
  },
};
