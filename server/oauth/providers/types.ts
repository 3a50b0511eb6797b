import type { ProviderConfig, ProviderKey } from '../oauth.schema';

/** Who signed in at the provider, as every provider's answer is mapped. */
export interface ProviderProfile {
  /** The provider's stable account id (GitHub's numeric id, an OIDC `sub`, a WeChat unionid/openid ...). */
  id: string;
  displayName: string | null;
  avatarUrl: string | null;
  email: string | null;
}

export interface Endpoints {
  authorize: string;
  token: string;
  userinfo?: string;
}

export interface ExchangeArgs {
  cfg: ProviderConfig;
  code: string;
  codeVerifier: string;
  redirectUri: string;
  endpoints: Endpoints;
}

/** One provider's flow: where to send the user, how to turn a code into tokens and tokens into a profile. */
export interface ProviderDef {
  /** Whether the provider accepts a PKCE challenge (others never see one). */
  pkce: boolean;
  endpoints(cfg: ProviderConfig): Promise<Endpoints> | Endpoints;
  clientId(cfg: ProviderConfig): string;
  scopes(cfg: ProviderConfig): string[];
  /** The authorization URL's query from the standard OAuth 2 parameters (for providers that name them otherwise). */
  authorizeParams?(std: URLSearchParams, cfg: ProviderConfig): URLSearchParams;
  /** Exchanges the callback's code; returns the token answer (what `profile` reads). */
  exchange(args: ExchangeArgs): Promise<Record<string, unknown>>;
  profile(args: {
    cfg: ProviderConfig;
    tokens: Record<string, unknown>;
    endpoints: Endpoints;
  }): Promise<ProviderProfile>;
  /** A cheap call that proves the credentials (or says what is wrong). */
  test(cfg: ProviderConfig): Promise<{ ok: boolean; message: string }>;
}

export type ProviderTable = Record<ProviderKey, ProviderDef>;

/** `serverUrl` (a self-hosted or regional deployment, or a test server) replaces a provider's public origin. */
export function origin(cfg: ProviderConfig, fallback: string): string {
  return (cfg.serverUrl || fallback).replace(/\/+$/, '');
}
