// The accounts a browser remembers for switching, and what an administrator's look into an account may do.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createSession } from '#server/auth/session.store';
import { SessionModel } from '#server/auth/session.model';
import { sha256Hex } from '#server/auth/crypto';
import { resetDatabase } from '../setup/db';
import { PASSWORD, createUser, sessionClient } from '../factories';
import { loginClient } from './account-helpers';
import type { Client } from '../setup/client';

const accountNames = async (c: Client) =>
  ((await c.get('/api/auth/session')).json.accounts as { username: string }[]).map((a) => a.username);

describe('remembered accounts expire with their own session', () => {
  beforeEach(resetDatabase);

  it('an account signed in without "keep me signed in" cannot be switched to after the browser restarts', async () => {
    const kim = await createUser({ username: 'kim' });
    await createUser({ username: 'lee' });
    const browser = await loginClient('kim');
    await loginClient('lee', { client: browser, rememberMe: true });
    expect(await accountNames(browser)).toEqual(['kim']);

    browser.restartBrowser();
    const state = (await browser.get('/api/auth/session')).json;
    expect(state.username).toBe('lee');
    expect(state.accounts).toEqual([]);
    expect((await browser.post('/api/auth/switch', { userId: kim._id })).status).toBe(403);
    expect((await browser.get('/api/user/profile')).json.username).toBe('lee');
  });

  it('a signed-out browser lists no account whose session ended with the browser', async () => {
    await createUser({ username: 'max' });
    await createUser({ username: 'ned' });
    const browser = await loginClient('max');
    await loginClient('ned', { client: browser });
    browser.restartBrowser();
    const state = (await browser.get('/api/auth/session')).json;
    expect(state.isAuthenticated).toBe(false);
    expect(state.accounts).toEqual([]);
  });

  it('a remembered account outlives the restart and stays switchable', async () => {
    const pia = await createUser({ username: 'pia' });
    await createUser({ username: 'quin' });
    const browser = await loginClient('pia', { rememberMe: true });
    await loginClient('quin', { client: browser });
    browser.restartBrowser();
    // Quin's browser-session sign-in ended; pia's remembered one is still offered.
    expect((await browser.get('/api/auth/session')).json).toMatchObject({ isAuthenticated: false });
    expect(await accountNames(browser)).toEqual(['pia']);
    await loginClient('quin', { client: browser });
    expect(await accountNames(browser)).toEqual(['pia']);
    expect((await browser.post('/api/auth/switch', { userId: pia._id })).status).toBe(200);
    expect((await browser.get('/api/user/profile')).json.username).toBe('pia');
  });

  it('the server re-checks each session: a browser-session sign-in carried in the long-lived cookie is refused', async () => {
    const rae = await createUser({ username: 'rae' });
    const sam = await createUser({ username: 'sam' });
    // What older versions wrote: every account in the 30-day cookie.
    const { token } = await createSession(rae._id, { persistent: false });
    const browser = await sessionClient(sam);
    browser.cookies.set('sakura-nav-accounts', token);
    expect(await accountNames(browser)).toEqual([]);
    expect((await browser.post('/api/auth/switch', { userId: rae._id })).status).toBe(403);
    // In the browser-session cookie, where it belongs, it is fine.
    browser.cookies.delete('sakura-nav-accounts');
    browser.cookies.set('sakura-nav-accounts-b', token);
    expect(await accountNames(browser)).toEqual(['rae']);
  });
});

describe('an administrator opening an account', () => {
  beforeEach(resetDatabase);

  async function opened(openerName = 'root') {
    const root = await createUser({ id: ADMIN_ID, role: 'admin', username: 'root' });
    const ada = openerName === 'root' ? root : await createUser({ role: 'admin', username: openerName });
    const olga = await createUser({ username: 'olga' });
    const browser = await loginClient(openerName);
    const res = await browser.post('/api/auth/switch', { userId: olga._id });
    expect(res.status).toBe(200);
    return { root, ada, olga, browser };
  }

  it('may use the account but not create tokens or change its credentials', async () => {
    const { browser, olga } = await opened();
    expect((await browser.get('/api/user/profile')).json.username).toBe('olga');
    expect((await browser.put('/api/user/profile', { nickname: 'Olga' })).status).toBe(200);
    const refused = [
      await browser.post('/api/user/tokens', { name: 'x', expiresIn: 'never', readOnly: false }),
      await browser.put('/api/user/password', {
        oldPassword: PASSWORD,
        newPassword: 'Changed123',
        confirmPassword: 'Changed123',
      }),
      await browser.put('/api/user/username', { username: 'olga2' }),
      await browser.post('/api/user/delete-account', { confirm: 'olga' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    // The user's own session may still do all of it.
    const own = await loginClient('olga');
    expect(
      (await own.post('/api/user/tokens', { name: 'x', expiresIn: '30d', readOnly: false })).status,
    ).toBe(201);
    expect((await own.get('/api/user/profile')).json.username).toBe(olga.username);
  });

  it('the profile page leaves out the credential forms it would refuse, and says why', async () => {
    const { browser } = await opened();
    const page = await browser.get('/profile');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="impersonated-note"');
    for (const id of ['password', 'username', 'tokens', 'danger'])
      expect(page.text).not.toContain(`id="${id}"`);
    expect(page.text).toContain('id="sessions"');
    const own = await (await loginClient('olga')).get('/profile');
    expect(own.text).not.toContain('id="impersonated-note"');
    for (const id of ['password', 'username', 'tokens', 'danger']) expect(own.text).toContain(`id="${id}"`);
  });

  it('cannot open another administrator’s account, the setup administrator’s included', async () => {
    const root = await createUser({ id: ADMIN_ID, role: 'admin', username: 'root' });
    const ada = await createUser({ role: 'admin', username: 'ada' });
    const asRoot = await loginClient('root');
    expect((await asRoot.post('/api/auth/switch', { userId: ada._id })).status).toBe(403);
    const asAda = await loginClient('ada');
    expect((await asAda.post('/api/auth/switch', { userId: root._id })).status).toBe(403);
    expect((await asAda.get('/api/auth/session')).json.username).toBe('ada');
  });

  it('ends as soon as the opener is no longer an administrator', async () => {
    const { browser } = await opened('ada');
    const rootClient = await loginClient('root');
    const ada = (await browser.get('/api/auth/session')).json.accounts[0];
    expect(ada.username).toBe('ada');
    expect((await rootClient.put('/api/admin/users', { id: ada.userId, role: 'user' })).status).toBe(200);
    const token = browser.cookies.get('sakura-nav-session')!;
    expect((await browser.get('/api/auth/session')).json.username).not.toBe('olga');
    expect((await browser.get('/api/user/profile')).status).toBe(401);
    expect(await SessionModel.exists({ _id: sha256Hex(token) })).toBeNull();
  });

  it('ends as soon as the opener is deleted', async () => {
    const { browser, ada } = await opened('ada');
    const rootClient = await loginClient('root');
    expect((await rootClient.delete(`/api/admin/users?id=${encodeURIComponent(ada._id)}`)).status).toBe(200);
    expect((await browser.get('/api/user/profile')).status).toBe(401);
  });
});
