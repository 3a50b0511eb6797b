// GitHub (and GitHub Enterprise Server through `serverUrl`): OAuth app web flow with PKCE, REST API v3.
import { OAuthFailure, providerJson, str } from '../oauth.http';
import type { ProviderConfig } from '../oauth.schema';
import { origin, type ProviderDef } from './types';

const web = (cfg: ProviderConfig) => origin(cfg, 'https://github.com');
const api = (cfg: ProviderConfig) => (cfg.serverUrl ? `${web(cfg)}/api/v3` : 'https://api.github.com');

async function tokenRequest(cfg: ProviderConfig, fields: Record<string, string>) {
  return providerJson(`${web(cfg)}/login/oauth/access_token`, {
    form: { client_id: cfg.clientId ?? '', client_secret: cfg.clientSecret ?? '', ...fields },
  });
}

export const github: ProviderDef = {
  pkce: true,
  endpoints: (cfg) => ({
    authorize: `${web(cfg)}/login/oauth/authorize`,
    token: `${web(cfg)}/login/oauth/access_token`,
    userinfo: `${api(cfg)}/user`,
  }),
  clientId: (cfg) => cfg.clientId ?? '',
  scopes: () => ['read:user', 'user:email'],
  async exchange({ cfg, code, codeVerifier, redirectUri }) {
    const { body } = await tokenRequest(cfg, {
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    if (!str(body, 'access_token')) {
      throw new OAuthFailure(
        'provider',
        `GitHub refused the code: ${str(body, 'error') ?? 'no access token'}`,
      );
    }
    return body;
  },
  async profile({ cfg, tokens }) {
    const headers = {
      authorization: `Bearer ${str(tokens, 'access_token')}`,
      'x-github-api-version': '2022-11-28',
    };
    const { status, body } = await providerJson(`${api(cfg)}/user`, { headers });
    const id = str(body, 'id');
    if (status !== 200 || !id)
      throw new OAuthFailure('provider', `GitHub user lookup failed (HTTP ${status})`);
    let email = str(body, 'email');
    if (!email) {
      const emails = await providerJson(`${api(cfg)}/user/emails`, { headers });
      const list = Array.isArray(emails.body.items) ? (emails.body.items as Record<string, unknown>[]) : [];
      email = str(
        list.find((e) => e.primary === true && e.verified === true),
        'email',
      );
    }
    return {
      id,
      displayName: str(body, 'name') ?? str(body, 'login'),
      avatarUrl: str(body, 'avatar_url'),
      email,
    };
  },
  async test(cfg) {
    // A made-up code: GitHub checks the client credentials first, then says the code is bad.
    const { body } = await tokenRequest(cfg, { code: 'sakura-dash-connection-test' });
    const error = str(body, 'error');
    if (error === 'bad_verification_code')
      return { ok: true, message: 'GitHub accepted the client credentials' };
    if (error === 'incorrect_client_credentials')
      return { ok: false, message: 'GitHub refused the client id or secret' };
    return { ok: false, message: `Unexpected answer from GitHub: ${error ?? 'no error code'}` };
  },
};
