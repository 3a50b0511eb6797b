// The authorization code flow with remix-auth + remix-auth-oauth2: one strategy per provider, built per request
// from the current configuration (oauth.strategy.ts, loaded with its libraries on the first sign-in, so a start
// does not wait for them). The library keeps state and PKCE verifier in a short-lived cookie and checks the state on
// the way back.
import type { Actor } from '../actor';
import { requireAdmin } from '../auth/permissions';
import { isSecureRequest } from '../auth/request';
import { logger } from '../logger';
import { callbackUrl, isUsable, missingFields, publicBase, readOAuthConfig, unmask } from './oauth.config';
import { OAuthFailure } from './oauth.http';
import {
  PROVIDER_KEYS,
  PROVIDER_META,
  isProviderKey,
  type ProviderConfig,
  type ProviderKey,
} from './oauth.schema';
import { PROVIDERS } from './providers';
import type { ProviderProfile } from './providers/types';
import type * as Strategy from './oauth.strategy';

/** Prefix of the cookies remix-auth-oauth2 keeps the state and verifier in (`oauth_state:<id>`). */
export const STATE_COOKIE = 'oauth_state';
/** Minutes a started sign-in may take. */
const FLOW_SECONDS = 10 * 60;

/** The strategy of a provider that may be used now (known, enabled, configured), else an `unavailable` failure. */
async function authenticator(request: Request, keyParam: string) {
  const config = await readOAuthConfig();
  if (!isProviderKey(keyParam) || !isUsable(keyParam, config.providers[keyParam])) {
    throw new OAuthFailure('unavailable', 'This sign-in provider is not available');
  }
  const key = keyParam;
  const cfg = config.providers[key];
  const def = PROVIDERS[key];
  const endpoints = await def.endpoints(cfg);
  const base = publicBase(config, request);
  if (!base) {
    logger.warn('oauth', 'no trusted address for the callback: set PUBLIC_URL', {
      host: new URL(request.url).host,
    });
    throw new OAuthFailure('unavailable', 'The site has no trusted public address for the callback');
  }
  const lib = await import('./oauth.strategy');
  const cookie = { name: STATE_COOKIE, maxAge: FLOW_SECONDS, secure: isSecureRequest(request) };
  const auth = lib.providerAuthenticator(key, def, cfg, endpoints, callbackUrl(base, key), cookie);
  return { key, auth, lib };
}

/** Starts a sign-in: the redirect to the provider (with the state cookie) as a Response. */
export async function startOAuth(request: Request, keyParam: string): Promise<Response> {
  const { key, auth } = await authenticator(request, keyParam);
  try {
    await auth.authenticate(key, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new OAuthFailure('state', 'The sign-in could not be started');
}

/** Finishes a sign-in on the callback: the provider's profile of who signed in (state and code checked). */
export async function finishOAuth(
  request: Request,
  keyParam: string,
): Promise<{ key: ProviderKey; profile: ProviderProfile }> {
  const { key, auth, lib } = await authenticator(request, keyParam);
  const url = new URL(request.url);
  // DingTalk sends the code as `authCode`.
  if (!url.searchParams.has('code') && url.searchParams.has('authCode')) {
    url.searchParams.set('code', url.searchParams.get('authCode')!);
    request = new Request(url, { headers: request.headers });
  }
  try {
    return { key, profile: await auth.authenticate(key, request) };
  } catch (err) {
    throw asFailure(err, lib);
  }
}

/** What the library throws, as our failure reasons. */
function asFailure(err: unknown, lib: typeof Strategy): unknown {
  if (err instanceof OAuthFailure) return err;
  // No state in the URL: the library would start a new attempt instead.
  if (err instanceof Response) return new OAuthFailure('state', 'The callback carries no state');
  if (err instanceof lib.OAuth2RequestError)
    return new OAuthFailure('denied', `The provider refused: ${err.code}`);
  const e = err as { message?: string };
  if (
    err instanceof RangeError ||
    (err instanceof ReferenceError && /state|verifier/i.test(e.message ?? ''))
  ) {
    return new OAuthFailure('state', 'The sign-in attempt expired or did not start here');
  }
  if (err instanceof ReferenceError) return new OAuthFailure('denied', 'The provider sent no code');
  return err;
}

export interface PublicProvider {
  key: ProviderKey;
  label: string;
  color: string;
}

/** `GET /api/auth/oauth-providers`: the providers one can sign in with now (no configuration, no secrets). */
export async function listEnabledProviders(): Promise<{ providers: PublicProvider[] }> {
  const config = await readOAuthConfig();
  const providers = PROVIDER_KEYS.filter((k) => isUsable(k, config.providers[k])).map((key) => ({
    key,
    label: (key === 'oidc' && config.providers.oidc.label) || PROVIDER_META[key].label,
    color: PROVIDER_META[key].color,
  }));
  return { providers };
}

/**
 * `POST /api/admin/oauth/test`: a cheap call that proves a provider's credentials, with the stored configuration
 * or the one being edited (masked secrets replaced by the stored ones).
 */
export async function testOAuthProvider(
  actor: Actor | null,
  input: { provider: ProviderKey; config?: ProviderConfig },
): Promise<{ ok: boolean; message: string }> {
  requireAdmin(actor);
  const stored = (await readOAuthConfig()).providers[input.provider];
  const cfg = input.config ? unmask(input.config, stored) : stored;
  const missing = missingFields(input.provider, cfg);
  if (missing.length > 0) return { ok: false, message: `Missing: ${missing.join(', ')}` };
  try {
    return await PROVIDERS[input.provider].test(cfg);
  } catch (err) {
    if (err instanceof OAuthFailure) return { ok: false, message: err.message };
    throw err;
  }
}
