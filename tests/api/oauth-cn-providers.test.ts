// WeChat, WeCom, Feishu and DingTalk: each provider's full flow against a local server that implements its
// documented endpoints (sign-up, signing in again, binding conflict, a refused code, the credentials test).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { OAuthAccountModel } from '#server/oauth/oauth.model';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client, type CallResult } from '../setup/client';
import { createUser } from '../factories';
import {
  CN_CREDENTIALS,
  startCnStandIn,
  type CnProvider,
  type CnStandIn,
} from '../servers/cn-providers-stand-in';
import { freshIp, loginClient } from './account-helpers';
import { setUpAdmin } from './oauth-helpers';

let server: CnStandIn;
beforeAll(async () => {
  server = await startCnStandIn();
});
afterAll(async () => {
  await server?.close();
});

const config = (provider: CnProvider, extra: Record<string, string> = {}) => ({
  [provider]: { enabled: true, ...CN_CREDENTIALS[provider], serverUrl: server.url, ...extra },
});

async function flow(c: Client, provider: CnProvider, query = ''): Promise<CallResult> {
  const start = await c.get(`/api/auth/oauth/${provider}${query}`);
  expect(start.status, start.text).toBe(302);
  const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(atProvider.status, await atProvider.clone().text()).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  return c.get(back.pathname + back.search);
}

const secretField = {
  wechat: 'appSecret',
  wecom: 'secret',
  feishu: 'appSecret',
  dingtalk: 'appSecret',
} as const;

describe.each(['wechat', 'wecom', 'feishu', 'dingtalk'] as const)('%s', (provider) => {
  beforeEach(resetDatabase);

  it('signs up, signs in again, refuses a second owner and a bad secret', async () => {
    const admin = await setUpAdmin();
    expect((await admin.put('/api/admin/oauth', config(provider))).status).toBe(200);
    expect(
      (await new Client().get('/api/auth/oauth-providers')).json.providers.map((p: { key: string }) => p.key),
    ).toEqual([provider]);
    const start = await new Client().get(`/api/auth/oauth/${provider}`);
    const authorize = new URL(start.headers.get('location')!);
    // PKCE only where the provider takes it.
    expect(authorize.searchParams.has('code_challenge')).toBe(provider === 'feishu');

    const c = new Client({ ip: freshIp() });
    const res = await flow(c, provider, '?mode=login');
    expect(res.headers.get('location')).toBe('/profile?oauth=welcome');
    const session = (await c.get('/api/auth/session')).json;
    expect(session.nickname).toBe(server.users[provider].name);
    expect(await OAuthAccountModel.findById(`${provider}:${server.users[provider].id}`).lean()).toMatchObject(
      {
        userId: session.userId,
      },
    );

    const again = new Client({ ip: freshIp() });
    expect((await flow(again, provider)).headers.get('location')).toBe('/');
    expect((await again.get('/api/auth/session')).json.userId).toBe(session.userId);

    await createUser({ username: 'other' });
    const other = await loginClient('other');
    expect((await flow(other, provider)).headers.get('location')).toBe('/profile?oauth=conflict#connections');

    expect((await admin.post('/api/admin/oauth/test', { provider })).json.ok).toBe(true);
    const bad = config(provider, { [secretField[provider]]: 'wrong-secret-0000' });
    expect((await admin.post('/api/admin/oauth/test', { provider, config: bad[provider] })).json.ok).toBe(
      false,
    );
    await admin.put('/api/admin/oauth', bad);
    const refused = await flow(new Client({ ip: freshIp() }), provider, '?mode=login');
    expect(refused.headers.get('location')).toBe('/login?oauth=error&reason=provider');
    expect(await UserModel.countDocuments({ _id: { $ne: ADMIN_ID } })).toBe(2);
  });
});
