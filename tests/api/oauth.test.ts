// Sign-in through external providers against real local providers: oidc-provider (a certified OpenID Connect
// server) and a GitHub-like server. Covers sign-up, sign-in of a binding, binding, conflicts, unbinding rules,
// forged or expired callbacks, provider errors, disabled providers and the admin configuration.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { CardModel } from '#server/cards/card.model';
import { OAuthAccountModel, OAuthConfigModel } from '#server/oauth/oauth.model';
import { UserModel } from '#server/users/user.model';
import { appUrl } from '../setup/app';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { createUser, sessionClient } from '../factories';
import { startGitHubStandIn } from '../servers/github-stand-in';
import { oidcSignIn } from '../servers/oidc-server';
import { freshIp, loginClient } from './account-helpers';
import {
  configure,
  githubFlow,
  oidcFlow,
  providerConfigs,
  setUpAdmin,
  startProviders,
  type Providers,
} from './oauth-helpers';

let p: Providers;
beforeAll(async () => {
  p = await startProviders();
});
afterAll(async () => {
  await p?.close();
});

const where = (res: { headers: Headers }) => res.headers.get('location');

describe('provider list and admin configuration', () => {
  beforeEach(resetDatabase);

  it('lists only enabled, configured providers, without any configuration', async () => {
    const admin = await setUpAdmin();
    expect((await new Client().get('/api/auth/oauth-providers')).json).toEqual({ providers: [] });
    await configure(admin, p);
    await admin.put('/api/admin/oauth', {
      wechat: { enabled: false, appId: 'wx1', appSecret: 'wxsecret-123456' },
    });
    const res = await new Client().get('/api/auth/oauth-providers');
    expect(res.json).toEqual({
      providers: [
        { key: 'github', label: 'GitHub', color: expect.any(String) },
        { key: 'oidc', label: 'Company SSO', color: expect.any(String) },
      ],
    });
    expect(res.text).not.toContain(p.github.clientSecret);
  });

  it('keeps both changes when two providers are saved at the same time', async () => {
    const admin = await setUpAdmin();
    const configs = providerConfigs(p);
    for (let round = 0; round < 4; round++) {
      await OAuthConfigModel.deleteMany({});
      const saves = await Promise.all([
        admin.put('/api/admin/oauth', { configs: { github: configs.github } }),
        admin.put('/api/admin/oauth', { configs: { oidc: configs.oidc } }),
        admin.put('/api/admin/oauth', { baseUrl: 'http://127.0.0.1:1/' }),
        admin.put('/api/admin/oauth', {
          configs: { wechat: { enabled: true, appId: 'wx1', appSecret: 'wx-secret' } },
        }),
        admin.put('/api/admin/oauth', {
          configs: { feishu: { enabled: true, appId: 'cli_1', appSecret: 'fs-secret' } },
        }),
      ]);
      for (const res of saves) expect(res.status, res.text).toBe(200);
      const got = (await admin.get('/api/admin/oauth')).json;
      expect(got.configs.github.enabled, `round ${round}`).toBe(true);
      expect(got.configs.oidc.enabled, `round ${round}`).toBe(true);
      expect(got.configs.wechat.enabled, `round ${round}`).toBe(true);
      expect(got.configs.feishu.enabled, `round ${round}`).toBe(true);
      expect(got.baseUrl).toBe('http://127.0.0.1:1');
    }
  });

  it('reads a configuration saved in the one-document layout; a later save of a provider wins over it', async () => {
    const admin = await setUpAdmin();
    await OAuthConfigModel.collection.insertOne({
      _id: 'global',
      providers: { wechat: { enabled: true, appId: 'wx-old', appSecret: 'old-secret-1234' } },
      baseUrl: 'https://nav.example.com',
    } as never);
    const before = (await admin.get('/api/admin/oauth')).json;
    expect(before.configs.wechat).toMatchObject({ enabled: true, appId: 'wx-old', appSecret: '****1234' });
    expect(before.baseUrl).toBe('https://nav.example.com');
    // The masked secret sent back keeps the stored one, read from the old document.
    const put = await admin.put('/api/admin/oauth', {
      configs: { wechat: { ...before.configs.wechat, appId: 'wx-new' } },
    });
    expect(put.status, put.text).toBe(200);
    const after = (await admin.get('/api/admin/oauth')).json;
    expect(after.configs.wechat).toMatchObject({ enabled: true, appId: 'wx-new', appSecret: '****1234' });
    expect(after.baseUrl).toBe('https://nav.example.com');
  });

  it('masks secrets on the way out and keeps the stored one when a masked value comes back', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const got = await admin.get('/api/admin/oauth');
    expect(got.status).toBe(200);
    expect(got.json.configs.github.clientSecret).toBe(`****${p.github.clientSecret.slice(-4)}`);
    expect(got.json.configs.github.clientId).toBe(p.github.clientId);
    expect(got.text).not.toContain(p.github.clientSecret);
    expect(got.text).not.toContain(p.oidc.clientSecret);
    // Send the masked form back with another change: the secret stays what it was.
    const put = await admin.put('/api/admin/oauth', {
      configs: { github: { ...got.json.configs.github, clientId: p.github.clientId } },
      baseUrl: '',
    });
    expect(put.status).toBe(200);
    expect(put.json.ok).toBe(true);
    expect(put.text).not.toContain(p.github.clientSecret);
    const stored = await OAuthConfigModel.findById('provider:github').lean();
    expect((stored!.providers.github as { clientSecret: string }).clientSecret).toBe(p.github.clientSecret);
    // Short secrets are masked entirely.
    await admin.put('/api/admin/oauth', { feishu: { enabled: false, appId: 'cli_1', appSecret: 'short' } });
    expect((await admin.get('/api/admin/oauth')).json.configs.feishu.appSecret).toBe('****');
    // And the flow still works with the kept secret.
    const res = await githubFlow(new Client({ ip: freshIp() }), '?mode=login');
    expect(where(res)).toBe('/profile?oauth=welcome');
  });

  it('builds the callback address only from a trusted origin, never from a Host the client sent', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const c = new Client({ ip: freshIp() });
    const forged = await c.get('/api/auth/oauth/github?mode=login', {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('/login?oauth=error&reason=unavailable');
    const page = await admin.get('/admin/oauth', { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('evil.example');
    // From the address the app listens on, the provider gets that address's callback.
    const start = await c.get('/api/auth/oauth/github?mode=login');
    expect(new URL(start.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
      `${await appUrl()}/api/auth/oauth/github/callback`,
    );
  });

  it('keeps a stored secret only at its address: a new server URL or issuer needs it typed again', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const elsewhere = await startGitHubStandIn();
    try {
      const { configs } = (await admin.get('/api/admin/oauth')).json;
      const moved = { ...configs.github, serverUrl: elsewhere.url };
      for (const res of [
        await admin.post('/api/admin/oauth/test', { provider: 'github', config: moved }),
        await admin.put('/api/admin/oauth', { configs: { github: moved } }),
        await admin.put('/api/admin/oauth', {
          configs: { oidc: { ...configs.oidc, issuer: elsewhere.url } },
        }),
      ]) {
        expect(res.status, res.text).toBe(400);
        expect(res.json).toMatchObject({ code: 'secret_required', error: expect.any(String) });
      }
      // The page without JavaScript: an empty secret field keeps the stored secret, so it says why it refuses.
      if (!admin.csrf()) await admin.get('/admin/oauth');
      for (const intent of ['test', 'save']) {
        const page = await admin.call('POST', '/admin/oauth', {
          rawBody: new URLSearchParams({
            csrf: admin.csrf()!,
            intent,
            provider: 'github',
            enabled: 'on',
            clientId: p.github.clientId,
            clientSecret: '',
            serverUrl: elsewhere.url,
          }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(page.status, intent).toBe(400);
        expect(page.text, intent).toContain('A stored secret goes only to the address it was saved with');
      }
      expect(elsewhere.requests).toHaveLength(0);
      const stored = await OAuthConfigModel.findById('provider:github').lean();
      expect(stored!.providers.github).toMatchObject({
        serverUrl: p.github.url,
        clientSecret: p.github.clientSecret,
      });
      // Typed again, the secret goes to the new address.
      const typed = await admin.post('/api/admin/oauth/test', {
        provider: 'github',
        config: { ...moved, clientSecret: elsewhere.clientSecret },
      });
      expect(typed.json.ok).toBe(true);
      expect(elsewhere.requests.length).toBeGreaterThan(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses enabling a provider without its required fields, and non-admins', async () => {
    const admin = await setUpAdmin();
    const bad = await admin.put('/api/admin/oauth', { configs: { wecom: { enabled: true, corpId: 'ww1' } } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('agentId');
    const user = await createUser();
    const c = await sessionClient(user);
    expect((await c.get('/api/admin/oauth')).status).toBe(403);
    expect((await c.put('/api/admin/oauth', { configs: {} })).status).toBe(403);
  });

  it('tests credentials with a cheap call to the provider', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    expect((await admin.post('/api/admin/oauth/test', { provider: 'github' })).json).toEqual({
      ok: true,
      message: expect.any(String),
    });
    const masked = (await admin.get('/api/admin/oauth')).json.configs.github;
    expect((await admin.post('/api/admin/oauth/test', { provider: 'github', config: masked })).json.ok).toBe(
      true,
    );
    const wrong = await admin.post('/api/admin/oauth/test', {
      provider: 'github',
      config: { ...masked, clientSecret: 'wrong-secret-value' },
    });
    expect(wrong.json.ok).toBe(false);
    expect((await admin.post('/api/admin/oauth/test', { provider: 'oidc' })).json.ok).toBe(true);
    const oidcWrong = await admin.post('/api/admin/oauth/test', {
      provider: 'oidc',
      config: { ...providerConfigs(p).oidc, clientSecret: 'nope-nope-nope' },
    });
    expect(oidcWrong.json.ok).toBe(false);
    expect((await admin.post('/api/admin/oauth/test', { provider: 'dingtalk' })).json.ok).toBe(false);
  });
});

describe('signing in and up through a provider', () => {
  beforeEach(resetDatabase);

  it('signs a new person up with a copy of the starter data, and signs them in again later', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    await admin.put('/api/admin/registration', { enabled: false });
    const c = new Client({ ip: freshIp() });
    const res = await oidcFlow(c, 'alice', '?mode=login');
    expect(res.status).toBe(302);
    expect(where(res)).toBe('/profile?oauth=welcome');
    expect(c.cookies.has('sakura-nav-session')).toBe(true);
    expect([...c.cookies.keys()].some((k) => k.startsWith('oauth_state'))).toBe(false);
    const session = (await c.get('/api/auth/session')).json;
    expect(session.isAuthenticated).toBe(true);
    expect(session.username).toMatch(/^oauth_[0-9a-f]{8}$/);
    expect(session.nickname).toBe('Alice Example');
    const user = (await UserModel.findById(session.userId).lean())!;
    expect(user.hasPassword).toBe(false);
    expect(await CardModel.countDocuments({ ownerId: user._id })).toBe(
      await CardModel.countDocuments({ ownerId: ADMIN_ID }),
    );
    expect(await CardModel.countDocuments({ ownerId: user._id })).toBeGreaterThan(0);
    expect((await c.get('/api/user/oauth-bind')).json.bindings).toEqual([
      { provider: 'oidc', displayName: 'Alice Example', avatarUrl: null, boundAt: expect.any(String) },
    ]);
    // Another browser, same provider account: the same user, no new account.
    const again = new Client({ ip: freshIp() });
    const res2 = await oidcFlow(again, 'alice');
    expect(where(res2)).toBe('/');
    expect((await again.get('/api/auth/session')).json.userId).toBe(session.userId);
    expect(await UserModel.countDocuments({ _id: { $ne: ADMIN_ID } })).toBe(1);
    // Deleting the user deletes the binding: the next sign-in makes a new account.
    expect((await admin.delete(`/api/admin/users?id=${session.userId}`)).status).toBe(200);
    expect(await OAuthAccountModel.countDocuments({})).toBe(0);
    expect((await oidcFlow(new Client({ ip: freshIp() }), 'alice')).headers.get('location')).toBe(
      '/profile?oauth=welcome',
    );
  });

  it('lets an account made through a provider set a first password and change its username once', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const c = new Client({ ip: freshIp() });
    await githubFlow(c, '?mode=login');
    expect((await c.get('/api/user/profile')).json).toMatchObject({
      hasPassword: false,
      usernameChanged: false,
    });
    const pw = await c.put('/api/user/password', {
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(pw.status, pw.text).toBe(200);
    expect((await c.put('/api/user/username', { username: 'octo_real' })).status).toBe(200);
    expect((await c.put('/api/user/username', { username: 'octo_again' })).status).toBe(400);
    await loginClient('octo_real', { password: 'NewPass123' });
  });

  it('binds a provider account to the signed-in user, who can then sign in with it', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const user = await createUser({ username: 'carol' });
    const c = await loginClient('carol');
    const res = await githubFlow(c);
    expect(where(res)).toBe('/profile?oauth=bound#connections');
    expect((await c.get('/api/auth/session')).json.userId).toBe(user._id);
    expect((await c.get('/api/user/oauth-bind')).json.bindings).toEqual([
      { provider: 'github', displayName: 'Octo Cat', avatarUrl: null, boundAt: expect.any(String) },
    ]);
    expect((await OAuthAccountModel.findById('github:1001').lean())!.email).toBe('octo@users.example.test');
    // Binding the same account again changes nothing.
    expect(where(await githubFlow(c))).toBe('/profile#connections');
    // Signing in on another browser with it signs in as carol.
    const other = new Client({ ip: freshIp() });
    expect(where(await githubFlow(other, '?mode=login'))).toBe('/');
    expect((await other.get('/api/auth/session')).json.username).toBe('carol');
  });

  it('refuses binding a provider account that belongs to someone else', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    await createUser({ username: 'dave' });
    await createUser({ username: 'erin' });
    await githubFlow(await loginClient('dave'));
    const erin = await loginClient('erin');
    const res = await githubFlow(erin);
    expect(where(res)).toBe('/profile?oauth=conflict#connections');
    expect((await erin.get('/api/user/oauth-bind')).json.bindings).toEqual([]);
    expect(await OAuthAccountModel.countDocuments({})).toBe(1);
    // A second account of the same provider for one user is refused too.
    p.github.user = { id: 2002, login: 'second', name: 'Second', email: 'second@example.test' };
    try {
      const dave = await loginClient('dave');
      expect(where(await githubFlow(dave))).toBe('/profile?oauth=error&reason=taken#connections');
    } finally {
      p.github.user = { id: 1001, login: 'octo', name: 'Octo Cat', email: null };
    }
  });

  it('never removes the last way to sign in', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const c = new Client({ ip: freshIp() });
    await oidcFlow(c, 'bob', '?mode=login');
    const last = await c.delete('/api/user/oauth-bind', { body: { provider: 'oidc' } });
    expect(last.status).toBe(400);
    expect((await c.delete('/api/user/oauth-bind', { body: { provider: 'github' } })).status).toBe(404);
    expect(where(await githubFlow(c))).toBe('/profile?oauth=bound#connections');
    expect((await c.delete('/api/user/oauth-bind', { body: { provider: 'oidc' } })).status).toBe(200);
    expect((await c.delete('/api/user/oauth-bind', { body: { provider: 'github' } })).status).toBe(400);
    await c.put('/api/user/password', { newPassword: 'NewPass123', confirmPassword: 'NewPass123' });
    expect((await c.delete('/api/user/oauth-bind', { body: { provider: 'github' } })).status).toBe(200);
    expect((await c.get('/api/user/oauth-bind')).json.bindings).toEqual([]);
    expect((await c.delete('/api/user/oauth-bind', { body: { provider: 'nope' } })).status).toBe(400);
  });
});

describe('failed and forged callbacks', () => {
  beforeEach(resetDatabase);

  it('refuses a callback whose state this browser did not start (or that was changed)', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    const attacker = new Client({ ip: freshIp() });
    const start = await attacker.get('/api/auth/oauth/github?mode=login');
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    // The victim's browser opens the attacker's callback link: no state cookie of that attempt.
    const victim = new Client({ ip: freshIp() });
    const res = await victim.get(back.pathname + back.search);
    expect(where(res)).toBe('/login?oauth=error&reason=state');
    expect(victim.cookies.has('sakura-nav-session')).toBe(false);
    // A changed state in the browser that started it.
    back.searchParams.set('state', 'forged-state');
    const forged = await attacker.get(back.pathname + back.search);
    expect(where(forged)).toBe('/login?oauth=error&reason=state');
    expect(attacker.cookies.has('sakura-nav-session')).toBe(false);
    expect(await UserModel.countDocuments({ _id: { $ne: ADMIN_ID } })).toBe(0);
    // No code at all, no cookie at all.
    expect(where(await new Client().get('/api/auth/oauth/github/callback'))).toBe(
      '/login?oauth=error&reason=state',
    );
  });

  it('sends provider refusals and errors back to the sign-in page, never a 500', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    p.github.deny = true;
    try {
      expect(where(await githubFlow(new Client({ ip: freshIp() }), '?mode=login'))).toBe(
        '/login?oauth=error&reason=denied',
      );
    } finally {
      p.github.deny = false;
    }
    // The code is refused at the token endpoint (a wrong secret stored).
    await admin.put('/api/admin/oauth', {
      github: { ...providerConfigs(p).github, clientSecret: 'wrong-secret-1234' },
    });
    const res = await githubFlow(new Client({ ip: freshIp() }), '?mode=login');
    expect(res.status).toBe(302);
    expect(where(res)).toBe('/login?oauth=error&reason=provider');
    // The provider is down.
    await admin.put('/api/admin/oauth', {
      github: { ...providerConfigs(p).github, serverUrl: 'http://127.0.0.1:9' },
    });
    const c = new Client({ ip: freshIp() });
    const start = await c.get('/api/auth/oauth/github');
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    expect(where(await c.get(`/api/auth/oauth/github/callback?code=abc&state=${state}`))).toBe(
      '/login?oauth=error&reason=provider',
    );
  });

  it('refuses disabled and unknown providers', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    await admin.put('/api/admin/oauth', { github: { ...providerConfigs(p).github, enabled: false } });
    const c = new Client({ ip: freshIp() });
    expect(where(await c.get('/api/auth/oauth/github'))).toBe('/login?oauth=error&reason=unavailable');
    expect(where(await c.get('/api/auth/oauth/github/callback?code=x&state=y'))).toBe(
      '/login?oauth=error&reason=unavailable',
    );
    expect(where(await c.get('/api/auth/oauth/nope'))).toBe('/login?oauth=error&reason=unavailable');
    // A flow started while enabled cannot finish once disabled.
    await configure(admin, p);
    const start = await c.get('/api/auth/oauth/oidc');
    await admin.put('/api/admin/oauth', { oidc: { ...providerConfigs(p).oidc, enabled: false } });
    const back = new URL(await oidcSignIn(start.headers.get('location')!, 'zed'));
    expect(where(await c.get(back.pathname + back.search))).toBe('/login?oauth=error&reason=unavailable');
    expect(await UserModel.countDocuments({ _id: { $ne: ADMIN_ID } })).toBe(0);
  });

  it('does not bind for a browser whose bind cookie belongs to a user who signed out', async () => {
    const admin = await setUpAdmin();
    await configure(admin, p);
    await createUser({ username: 'frank' });
    const c = await loginClient('frank');
    const start = await c.get('/api/auth/oauth/github');
    await c.post('/api/auth/logout', undefined, { headers: { 'x-csrf-token': c.csrf()! } });
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const res = await c.get(back.pathname + back.search);
    expect(where(res)).toBe('/profile?oauth=error&reason=session#connections');
    expect(await OAuthAccountModel.countDocuments({})).toBe(0);
  });
});
