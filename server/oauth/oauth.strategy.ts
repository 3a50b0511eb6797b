// The library side of a sign-in (remix-auth, remix-auth-oauth2, arctic), imported by oauth.flow.ts on the first
// sign-in rather than at start. Our subclass sends every provider call through the safe outbound client instead of
// global fetch and lets each provider name its parameters and read its own answers.
import { OAuth2Tokens } from 'arctic';
import { Authenticator } from 'remix-auth';
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2';
import type { ProviderConfig, ProviderKey } from './oauth.schema';
import type { Endpoints, ProviderDef, ProviderProfile } from './providers/types';

export { OAuth2RequestError } from 'remix-auth-oauth2';

/** The cookie the library keeps a started sign-in's state and verifier in. */
export interface StateCookie {
  name: string;
  maxAge: number;
  secure: boolean;
}

class ProviderStrategy extends OAuth2Strategy<ProviderProfile> {
  constructor(
    private readonly def: ProviderDef,
    private readonly cfg: ProviderConfig,
    private readonly endpoints: Endpoints,
    private readonly redirectUri: string,
    cookie: StateCookie,
  ) {
    super(
      {
        cookie: {
          name: cookie.name,
          path: '/api/auth/oauth',
          maxAge: cookie.maxAge,
          sameSite: 'Lax',
          ...(cookie.secure ? { secure: true as const } : {}),
        },
        clientId: def.clientId(cfg),
        clientSecret: null,
        authorizationEndpoint: endpoints.authorize,
        tokenEndpoint: endpoints.token,
        redirectURI: redirectUri,
        scopes: def.scopes(cfg),
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      ({ tokens }) => def.profile({ cfg, tokens: tokens.data as Record<string, unknown>, endpoints }),
    );
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    if (this.def.authorizeParams) return this.def.authorizeParams(params, this.cfg);
    const out = new URLSearchParams(params);
    if (!this.def.pkce) {
      out.delete('code_challenge');
      out.delete('code_challenge_method');
    }
    return out;
  }

  protected override async validateAuthorizationCode(
    code: string,
    codeVerifier: string,
  ): Promise<OAuth2Tokens> {
    const data = await this.def.exchange({
      cfg: this.cfg,
      code,
      codeVerifier,
      redirectUri: this.redirectUri,
      endpoints: this.endpoints,
    });
    return new OAuth2Tokens(data);
  }
}

/** An authenticator with the one strategy of a provider, under the provider's key. */
export function providerAuthenticator(
  key: ProviderKey,
  def: ProviderDef,
  cfg: ProviderConfig,
  endpoints: Endpoints,
  redirectUri: string,
  cookie: StateCookie,
): Authenticator<ProviderProfile> {
  return new Authenticator<ProviderProfile>().use(
    new ProviderStrategy(def, cfg, endpoints, redirectUri, cookie),
    key,
  );
}
