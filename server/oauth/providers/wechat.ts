// WeChat (微信 open platform website app, QR login) and WeCom (企业微信 SSO, a self-built corp app). Neither takes
// PKCE; both answer errors as `{errcode, errmsg}` with HTTP 200.
import { OAuthFailure, providerJson, str } from '../oauth.http';
import type { ProviderConfig } from '../oauth.schema';
import { origin, type ProviderDef } from './types';

const errcode = (body: Record<string, unknown>) => Number(body.errcode ?? 0);
const errText = (body: Record<string, unknown>) =>
  `${str(body, 'errcode') ?? '?'} ${str(body, 'errmsg') ?? ''}`.trim();

const wxOpen = (cfg: ProviderConfig) => origin(cfg, 'https://open.weixin.qq.com');
const wxApi = (cfg: ProviderConfig) => origin(cfg, 'https://api.weixin.qq.com');

function wxToken(cfg: ProviderConfig, code: string) {
  return providerJson(`${wxApi(cfg)}/sns/oauth2/access_token`, {
    query: { appid: cfg.appId ?? '', secret: cfg.appSecret ?? '', code, grant_type: 'authorization_code' },
  });
}

export const wechat: ProviderDef = {
  pkce: false,
  endpoints: (cfg) => ({
    authorize: `${wxOpen(cfg)}/connect/qrconnect#wechat_redirect`,
    token: `${wxApi(cfg)}/sns/oauth2/access_token`,
  }),
  clientId: (cfg) => cfg.appId ?? '',
  scopes: () => ['snsapi_login'],
  authorizeParams: (std) =>
    new URLSearchParams({
      appid: std.get('client_id') ?? '',
      redirect_uri: std.get('redirect_uri') ?? '',
      response_type: 'code',
      scope: 'snsapi_login',
      state: std.get('state') ?? '',
    }),
  async exchange({ cfg, code }) {
    const { body } = await wxToken(cfg, code);
    if (errcode(body) !== 0 || !str(body, 'access_token') || !str(body, 'openid')) {
      throw new OAuthFailure('provider', `WeChat refused the code: ${errText(body)}`);
    }
    return body;
  },
  async profile({ cfg, tokens }) {
    const { body } = await providerJson(`${wxApi(cfg)}/sns/userinfo`, {
      query: {
        access_token: str(tokens, 'access_token') ?? '',
        openid: str(tokens, 'openid') ?? '',
        lang: 'zh_CN',
      },
    });
    if (errcode(body) !== 0)
      throw new OAuthFailure('provider', `WeChat user lookup failed: ${errText(body)}`);
    // The unionid is the same across the developer's apps; the openid only within this one.
    const id = str(body, 'unionid') ?? str(tokens, 'unionid') ?? str(body, 'openid') ?? str(tokens, 'openid');
    if (!id) throw new OAuthFailure('provider', 'WeChat did not say who signed in');
    return { id, displayName: str(body, 'nickname'), avatarUrl: str(body, 'headimgurl'), email: null };
  },
  async test(cfg) {
    // A made-up code: 40029 (invalid code) means the app id and secret were accepted.
    const { body } = await wxToken(cfg, 'sakura-dash-connection-test');
    const code = errcode(body);
    if (code === 40029 || code === 40163)
      return { ok: true, message: 'WeChat accepted the app id and secret' };
    return { ok: false, message: `WeChat refused the credentials: ${errText(body)}` };
  },
};

const wecomLogin = (cfg: ProviderConfig) => origin(cfg, 'https://login.work.weixin.qq.com');
const wecomApi = (cfg: ProviderConfig) => origin(cfg, 'https://qyapi.weixin.qq.com');

async function corpToken(cfg: ProviderConfig): Promise<Record<string, unknown>> {
  const { body } = await providerJson(`${wecomApi(cfg)}/cgi-bin/gettoken`, {
    query: { corpid: cfg.corpId ?? '', corpsecret: cfg.secret ?? '' },
  });
  return body;
}

export const wecom: ProviderDef = {
  pkce: false,
  endpoints: (cfg) => ({
    authorize: `${wecomLogin(cfg)}/wwlogin/sso/login`,
    token: `${wecomApi(cfg)}/cgi-bin/gettoken`,
  }),
  clientId: (cfg) => cfg.corpId ?? '',
  scopes: () => [],
  authorizeParams: (std, cfg) =>
    new URLSearchParams({
      login_type: 'CorpApp',
      appid: cfg.corpId ?? '',
      agentid: cfg.agentId ?? '',
      redirect_uri: std.get('redirect_uri') ?? '',
      state: std.get('state') ?? '',
    }),
  async exchange({ cfg, code }) {
    const token = await corpToken(cfg);
    const accessToken = str(token, 'access_token');
    if (errcode(token) !== 0 || !accessToken) {
      throw new OAuthFailure('provider', `WeCom refused the app credentials: ${errText(token)}`);
    }
    const { body } = await providerJson(`${wecomApi(cfg)}/cgi-bin/auth/getuserinfo`, {
      query: { access_token: accessToken, code },
    });
    if (errcode(body) !== 0 || !(str(body, 'userid') ?? str(body, 'openid'))) {
      throw new OAuthFailure('provider', `WeCom refused the code: ${errText(body)}`);
    }
    return { ...body, access_token: accessToken };
  },
  async profile({ cfg, tokens }) {
    const userid = str(tokens, 'userid');
    if (!userid) {
      // Someone outside the corp: only an openid, no directory entry.
      return { id: `openid:${str(tokens, 'openid')}`, displayName: null, avatarUrl: null, email: null };
    }
    const { body } = await providerJson(`${wecomApi(cfg)}/cgi-bin/user/get`, {
      query: { access_token: str(tokens, 'access_token') ?? '', userid },
    });
    // Newer apps may not read the directory: the userid alone still identifies the member.
    const ok = errcode(body) === 0;
    return {
      id: userid,
      displayName: (ok && str(body, 'name')) || userid,
      avatarUrl: ok ? str(body, 'avatar') : null,
      email: ok ? (str(body, 'email') ?? str(body, 'biz_mail')) : null,
    };
  },
  async test(cfg) {
    const body = await corpToken(cfg);
    if (errcode(body) === 0 && str(body, 'access_token'))
      return { ok: true, message: 'WeCom issued an access token' };
    return { ok: false, message: `WeCom refused the credentials: ${errText(body)}` };
  },
};
