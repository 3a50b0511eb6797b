// Feishu (飞书, OAuth 2 with PKCE, token endpoint v2) and DingTalk (钉钉, new OAuth 2 login, API v1.0).
import { OAuthFailure, obj, providerJson, str } from '../oauth.http';
import type { ProviderConfig } from '../oauth.schema';
import { origin, type ProviderDef } from './types';

const fsAccounts = (cfg: ProviderConfig) => origin(cfg, 'https://accounts.feishu.cn');
const fsOpen = (cfg: ProviderConfig) => origin(cfg, 'https://open.feishu.cn');
const fsError = (body: Record<string, unknown>) =>
  `${str(body, 'code') ?? '?'} ${str(body, 'error_description') ?? str(body, 'msg') ?? str(body, 'error') ?? ''}`.trim();

export const feishu: ProviderDef = {
  pkce: true,
  endpoints: (cfg) => ({
    authorize: `${fsAccounts(cfg)}/open-apis/authen/v1/authorize`,
    token: `${fsOpen(cfg)}/open-apis/authen/v2/oauth/token`,
    userinfo: `${fsOpen(cfg)}/open-apis/authen/v1/user_info`,
  }),
  clientId: (cfg) => cfg.appId ?? '',
  scopes: () => [],
  authorizeParams: (std) => {
    const out = new URLSearchParams();
    for (const k of [
      'client_id',
      'redirect_uri',
      'state',
      'code_challenge',
      'code_challenge_method',
      'response_type',
    ]) {
      const v = std.get(k);
      if (v) out.set(k, v);
    }
    return out;
  },
  async exchange({ cfg, code, codeVerifier, redirectUri }) {
    const { body } = await providerJson(`${fsOpen(cfg)}/open-apis/authen/v2/oauth/token`, {
      json: {
        grant_type: 'authorization_code',
        client_id: cfg.appId,
        client_secret: cfg.appSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      },
    });
    if (Number(body.code ?? 0) !== 0 || !str(body, 'access_token')) {
      throw new OAuthFailure('provider', `Feishu refused the code: ${fsError(body)}`);
    }
    return body;
  },
  async profile({ cfg, tokens }) {
    const { body } = await providerJson(`${fsOpen(cfg)}/open-apis/authen/v1/user_info`, {
      headers: { authorization: `Bearer ${str(tokens, 'access_token')}` },
    });
    const d = obj(body, 'data');
    const id = str(d, 'union_id') ?? str(d, 'open_id');
    if (Number(body.code ?? 0) !== 0 || !id) {
      throw new OAuthFailure('provider', `Feishu user lookup failed: ${fsError(body)}`);
    }
    return {
      id,
      displayName: str(d, 'name') ?? str(d, 'en_name'),
      avatarUrl: str(d, 'avatar_url'),
      email: str(d, 'email') ?? str(d, 'enterprise_email'),
    };
  },
  async test(cfg) {
    const { body } = await providerJson(`${fsOpen(cfg)}/open-apis/auth/v3/app_access_token/internal`, {
      json: { app_id: cfg.appId, app_secret: cfg.appSecret },
    });
    if (Number(body.code ?? -1) === 0) return { ok: true, message: 'Feishu issued an app access token' };
    return { ok: false, message: `Feishu refused the credentials: ${fsError(body)}` };
  },
};

const dtLogin = (cfg: ProviderConfig) => origin(cfg, 'https://login.dingtalk.com');
const dtApi = (cfg: ProviderConfig) => origin(cfg, 'https://api.dingtalk.com');
const dtError = (body: Record<string, unknown>) =>
  `${str(body, 'code') ?? '?'} ${str(body, 'message') ?? ''}`.trim();

export const dingtalk: ProviderDef = {
  pkce: false,
  endpoints: (cfg) => ({
    authorize: `${dtLogin(cfg)}/oauth2/auth`,
    token: `${dtApi(cfg)}/v1.0/oauth2/userAccessToken`,
    userinfo: `${dtApi(cfg)}/v1.0/contact/users/me`,
  }),
  clientId: (cfg) => cfg.appKey ?? '',
  scopes: () => ['openid'],
  authorizeParams: (std) =>
    new URLSearchParams({
      redirect_uri: std.get('redirect_uri') ?? '',
      response_type: 'code',
      client_id: std.get('client_id') ?? '',
      scope: 'openid',
      state: std.get('state') ?? '',
      prompt: 'consent',
    }),
  async exchange({ cfg, code }) {
    const { body } = await providerJson(`${dtApi(cfg)}/v1.0/oauth2/userAccessToken`, {
      json: { clientId: cfg.appKey, clientSecret: cfg.appSecret, code, grantType: 'authorization_code' },
    });
    if (!str(body, 'accessToken'))
      throw new OAuthFailure('provider', `DingTalk refused the code: ${dtError(body)}`);
    return body;
  },
  async profile({ cfg, tokens }) {
    const { status, body } = await providerJson(`${dtApi(cfg)}/v1.0/contact/users/me`, {
      headers: { 'x-acs-dingtalk-access-token': str(tokens, 'accessToken') ?? '' },
    });
    const id = str(body, 'unionId') ?? str(body, 'openId');
    if (status !== 200 || !id)
      throw new OAuthFailure('provider', `DingTalk user lookup failed: ${dtError(body)}`);
    return {
      id,
      displayName: str(body, 'nick'),
      avatarUrl: str(body, 'avatarUrl'),
      email: str(body, 'email'),
    };
  },
  async test(cfg) {
    const { body } = await providerJson(`${dtApi(cfg)}/v1.0/oauth2/accessToken`, {
      json: { appKey: cfg.appKey, appSecret: cfg.appSecret },
    });
    if (str(body, 'accessToken')) return { ok: true, message: 'DingTalk issued an app access token' };
    return { ok: false, message: `DingTalk refused the credentials: ${dtError(body)}` };
  },
};
