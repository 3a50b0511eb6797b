// WeChat, WeCom, Feishu and DingTalk as their documented endpoints answer, all on one 127.0.0.1 origin (the app
// reaches it through each provider's `serverUrl`). Each authorize page approves at once as `user` of that provider.
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { startStandIn, type StandIn } from './http-server';

export const CN_CREDENTIALS = {
  wechat: { appId: 'wx-app-id', appSecret: 'wx-app-secret-0123456789' },
  wecom: { corpId: 'ww-corp-id', agentId: '1000002', secret: 'wecom-secret-0123456789' },
  feishu: { appId: 'cli_feishu_app', appSecret: 'feishu-secret-0123456789' },
  dingtalk: { appKey: 'ding-app-key', appSecret: 'ding-secret-0123456789' },
} as const;

export type CnProvider = keyof typeof CN_CREDENTIALS;

/** The person signed in at each provider (a stable id and a name). */
export interface CnUser {
  id: string;
  name: string;
}

export interface CnStandIn extends StandIn {
  users: Record<CnProvider, CnUser>;
}

export async function startCnStandIn(): Promise<CnStandIn> {
  const codes = new Map<string, { provider: CnProvider; user: CnUser; redirectUri: string }>();
  const tokens = new Map<string, CnUser>();
  const users: Record<CnProvider, CnUser> = {
    wechat: { id: 'wx-union-1', name: '微信用户' },
    wecom: { id: 'zhangsan', name: '张三' },
    feishu: { id: 'on_feishu_1', name: '飞书用户' },
    dingtalk: { id: 'ding-union-1', name: '钉钉用户' },
  };
  const json = (res: ServerResponse, status: number, body: unknown): void =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const approve = (res: ServerResponse, provider: CnProvider, url: URL, codeParam = 'code') => {
    const back = new URL(url.searchParams.get('redirect_uri')!);
    const code = randomBytes(8).toString('hex');
    codes.set(code, { provider, user: { ...users[provider] }, redirectUri: back.toString() });
    back.searchParams.set(codeParam, code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  };
  const redeem = (provider: CnProvider, code: string | null | undefined) => {
    const grant = codes.get(code ?? '');
    codes.delete(code ?? '');
    if (!grant || grant.provider !== provider) return null;
    const token = randomBytes(12).toString('hex');
    tokens.set(token, grant.user);
    return { token, user: grant.user };
  };
  const bearer = (h: string | undefined) => tokens.get((h ?? '').replace(/^Bearer /, ''));

  const standIn = await startStandIn((req, res): void => {
    const url = new URL(req.url!, 'http://x');
    const q = url.searchParams;
    const body = (() => {
      try {
        return JSON.parse(req.body || '{}') as Record<string, string>;
      } catch {
        return {};
      }
    })();
    switch (url.pathname) {
      // ---- WeChat (open platform website app)
      case '/connect/qrconnect':
        if (q.get('appid') !== CN_CREDENTIALS.wechat.appId || q.get('scope') !== 'snsapi_login') {
          return json(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
        }
        return approve(res, 'wechat', url);
      case '/sns/oauth2/access_token': {
        const c = CN_CREDENTIALS.wechat;
        if (q.get('appid') !== c.appId) return json(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== c.appSecret)
          return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        const r = redeem('wechat', q.get('code'));
        if (!r) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        return json(res, 200, {
          access_token: r.token,
          openid: `openid-${r.user.id}`,
          unionid: r.user.id,
          expires_in: 7200,
        });
      }
      case '/sns/userinfo': {
        const u = tokens.get(q.get('access_token') ?? '');
        if (!u) return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        return json(res, 200, { openid: `openid-${u.id}`, unionid: u.id, nickname: u.name, headimgurl: '' });
      }
      // ---- WeCom (self-built app, web SSO)
      case '/wwlogin/sso/login':
        if (
          q.get('appid') !== CN_CREDENTIALS.wecom.corpId ||
          q.get('agentid') !== CN_CREDENTIALS.wecom.agentId
        ) {
          return json(res, 200, { errcode: 40013, errmsg: 'invalid corpid' });
        }
        return approve(res, 'wecom', url);
      case '/cgi-bin/gettoken': {
        const c = CN_CREDENTIALS.wecom;
        if (q.get('corpid') !== c.corpId || q.get('corpsecret') !== c.secret) {
          return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        }
        const token = randomBytes(12).toString('hex');
        tokens.set(token, { id: '__corp__', name: '' });
        return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
      }
      case '/cgi-bin/auth/getuserinfo': {
        if (!tokens.has(q.get('access_token') ?? ''))
          return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
        const r = redeem('wecom', q.get('code'));
        if (!r) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        return json(res, 200, { errcode: 0, errmsg: 'ok', userid: r.user.id, user_ticket: 'ticket' });
      }
      case '/cgi-bin/user/get': {
        if (!tokens.has(q.get('access_token') ?? ''))
          return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
        const u = Object.values(users).find((x) => x.id === q.get('userid'));
        return json(res, 200, {
          errcode: 0,
          errmsg: 'ok',
          userid: q.get('userid'),
          name: u?.name ?? q.get('userid'),
        });
      }
      // ---- Feishu
      case '/open-apis/authen/v1/authorize':
        if (q.get('client_id') !== CN_CREDENTIALS.feishu.appId)
          return json(res, 200, { code: 20002, msg: 'bad app' });
        return approve(res, 'feishu', url);
      case '/open-apis/authen/v2/oauth/token': {
        const c = CN_CREDENTIALS.feishu;
        if (body.client_id !== c.appId || body.client_secret !== c.appSecret) {
          return json(res, 400, {
            code: 20002,
            error: 'invalid_client',
            error_description: 'client secret is invalid',
          });
        }
        if (!body.code_verifier)
          return json(res, 400, { code: 20050, error: 'invalid_grant', error_description: 'PKCE' });
        const r = redeem('feishu', body.code);
        if (!r)
          return json(res, 400, {
            code: 20003,
            error: 'invalid_grant',
            error_description: 'code is invalid',
          });
        return json(res, 200, { code: 0, access_token: r.token, token_type: 'Bearer', expires_in: 7200 });
      }
      case '/open-apis/authen/v1/user_info': {
        const u = bearer(req.headers.authorization);
        if (!u) return json(res, 401, { code: 99991668, msg: 'invalid access token' });
        return json(res, 200, {
          code: 0,
          msg: 'success',
          data: { name: u.name, union_id: u.id, open_id: `ou_${u.id}`, avatar_url: '' },
        });
      }
      case '/open-apis/auth/v3/app_access_token/internal': {
        const c = CN_CREDENTIALS.feishu;
        if (body.app_id !== c.appId || body.app_secret !== c.appSecret)
          return json(res, 200, { code: 10014, msg: 'app secret invalid' });
        return json(res, 200, { code: 0, msg: 'ok', app_access_token: 't-1', expire: 7200 });
      }
      // ---- DingTalk
      case '/oauth2/auth':
        if (q.get('client_id') !== CN_CREDENTIALS.dingtalk.appKey || q.get('scope') !== 'openid') {
          return json(res, 400, { code: 'invalidClient', message: 'bad client' });
        }
        return approve(res, 'dingtalk', url, 'authCode');
      case '/v1.0/oauth2/userAccessToken': {
        const c = CN_CREDENTIALS.dingtalk;
        if (body.clientId !== c.appKey || body.clientSecret !== c.appSecret) {
          return json(res, 400, { code: 'invalidClientSecret', message: 'client secret is invalid' });
        }
        const r = redeem('dingtalk', body.code);
        if (!r) return json(res, 400, { code: 'invalidAuthCode', message: 'auth code is invalid' });
        return json(res, 200, { accessToken: r.token, refreshToken: 'r', expireIn: 7200 });
      }
      case '/v1.0/contact/users/me': {
        const u = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!u) return json(res, 401, { code: 'InvalidAuthentication', message: 'token is invalid' });
        return json(res, 200, { nick: u.name, unionId: u.id, openId: `open-${u.id}`, avatarUrl: '' });
      }
      case '/v1.0/oauth2/accessToken': {
        const c = CN_CREDENTIALS.dingtalk;
        if (body.appKey !== c.appKey || body.appSecret !== c.appSecret) {
          return json(res, 400, { code: 'invalidClientSecret', message: 'app secret is invalid' });
        }
        return json(res, 200, { accessToken: 'app-token', expireIn: 7200 });
      }
      default:
        return json(res, 404, { errcode: 404, errmsg: 'not found' });
    }
  });
  return Object.assign(standIn, { users });
}
