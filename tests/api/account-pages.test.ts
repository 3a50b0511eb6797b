// The account pages as plain HTML form posts (what a browser without JavaScript sends).
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { SessionModel } from '#server/auth/session.model';
import { TokenModel } from '#server/tokens/token.model';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { createUser, newUserClient, PASSWORD, sessionClient } from '../factories';
import { PNG, freshIp } from './account-helpers';

/** Posts a form like a browser does, with the CSRF token from the cookie the pages set. */
async function postForm(c: Client, path: string, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', path, {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function withAdmin() {
  return createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });
}

describe('account pages without JavaScript', () => {
  beforeEach(resetDatabase);

  it('guards pages: visitors go to /login?redirectTo, users get 403 on /admin/users', async () => {
    await withAdmin();
    const visitor = new Client();
    const profile = await visitor.get('/profile');
    expect(profile.status).toBe(302);
    expect(profile.headers.get('location')).toBe('/login?redirectTo=%2Fprofile');
    const admin = await visitor.get('/admin/users');
    expect(admin.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fusers');
    const user = await newUserClient();
    expect((await user.get('/admin/users')).status).toBe(403);
    expect((await user.get('/profile')).status).toBe(200);
  });

  it('signs in with a form and returns to a safe redirectTo only', async () => {
    await withAdmin();
    await createUser({ username: 'wren' });
    const c = new Client({ ip: freshIp() });
    const bad = await postForm(c, '/login', { intent: 'login', username: 'wren', password: 'nope' });
    expect(bad.status).toBe(401);
    expect(bad.text).toContain('Invalid username or password');
    expect(bad.text).toContain('value="wren"');
    const ok = await postForm(c, '/login', {
      intent: 'login',
      username: 'wren',
      password: PASSWORD,
      redirectTo: 'https://evil.example/',
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/');
    expect(c.cookies.has('sakura-nav-session')).toBe(true);
    const back = await postForm(new Client({ ip: freshIp() }), '/login', {
      intent: 'login',
      username: 'wren',
      password: PASSWORD,
      redirectTo: '/profile',
    });
    expect(back.headers.get('location')).toBe('/profile');
  });

  it('shows the rate-limit wait on the sign-in page', async () => {
    await withAdmin();
    const c = new Client({ ip: freshIp() });
    for (let i = 0; i < 10; i += 1)
      await postForm(c, '/login', { intent: 'login', username: 'x', password: 'y' });
    const limited = await postForm(c, '/login', { intent: 'login', username: 'x', password: 'y' });
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/Too many attempts\. Please wait \d+ seconds/);
  });

  it('registers with a form (signed in afterwards); the mode is hidden while registration is closed', async () => {
    await withAdmin();
    const page = await new Client().get('/login?mode=register');
    expect(page.text).toContain('Create an account');
    const c = new Client({ ip: freshIp() });
    const res = await postForm(c, '/login', {
      intent: 'register',
      username: 'yara',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(res.status).toBe(302);
    expect((await c.get('/api/auth/session')).json.username).toBe('yara');
    const dup = await postForm(new Client({ ip: freshIp() }), '/login', {
      intent: 'register',
      username: 'yara',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(dup.status).toBe(400);
    expect(dup.text).toContain('Registration failed; please try a different username');
    // Two rules broken by one password: two separate lines, not one run-on sentence.
    const weak = await postForm(new Client({ ip: freshIp() }), '/login?mode=register', {
      intent: 'register',
      username: 'yarb',
      password: ' abc',
      confirmPassword: ' abc',
    });
    expect(weak.status).toBe(400);
    expect(weak.text).toMatch(/<span>[^<]*at least 6 characters\.?<\/span><span>/);
    expect(dup.text).not.toContain(PASSWORD);

    await UserModel.updateOne({ _id: ADMIN_ID }, {});
    const { saveSettings } = await import('#server/settings/settings.service');
    await saveSettings({ registrationEnabled: false });
    const closed = await new Client().get('/login?mode=register');
    expect(closed.text).not.toContain('Create an account');
    const refused = await postForm(new Client({ ip: freshIp() }), '/login', {
      intent: 'register',
      username: 'zed',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Registration is closed');
  });

  it('profile forms: nickname, password, username, token shown once, sessions, delete account', async () => {
    await withAdmin();
    const user = await createUser({ username: 'abe' });
    const c = await sessionClient(user);
    const other = await sessionClient(user);

    const nick = await postForm(c, '/profile', { intent: 'profile', nickname: 'Abe L.' });
    expect(nick.status).toBe(302);
    expect(nick.headers.get('location')).toBe('/profile#profile');
    expect((await UserModel.findById(user._id).lean())!.nickname).toBe('Abe L.');

    const wrongPw = await postForm(c, '/profile', {
      intent: 'password',
      oldPassword: 'Wrong123',
      newPassword: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(wrongPw.status).toBe(400);
    expect(wrongPw.text).toContain('Current password is incorrect');
    expect(wrongPw.text).not.toContain('Better456');

    const token = await postForm(c, '/profile', { intent: 'token-create', name: 'cli', expiresIn: '1y' });
    expect(token.status).toBe(200);
    const secret = /sak_[0-9a-f]{64}/.exec(token.text)?.[0];
    expect(secret).toBeTruthy();
    expect((await c.get('/profile')).text).not.toContain(secret!);
    expect((await new Client({ token: secret }).get('/api/user/profile')).status).toBe(200);

    const ends = await postForm(c, '/profile', { intent: 'sessions-revoke-others' });
    expect(ends.status).toBe(302);
    expect((await other.get('/api/user/profile')).status).toBe(401);
    expect(await SessionModel.countDocuments({ userId: user._id })).toBe(1);

    const name = await postForm(c, '/profile', { intent: 'username', username: 'abel', confirm: 'on' });
    expect(name.status).toBe(302);
    const again = await postForm(c, '/profile', { intent: 'username', username: 'abel2', confirm: 'on' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('The username can be changed only once');

    const wrongConfirm = await postForm(c, '/profile', { intent: 'delete-account', confirm: 'someone' });
    expect(wrongConfirm.status).toBe(400);
    expect(wrongConfirm.text).toContain('The username does not match');
    const gone = await postForm(c, '/profile', { intent: 'delete-account', confirm: 'ABEL' });
    expect(gone.status).toBe(302);
    expect(await UserModel.findById(user._id).lean()).toBeNull();
    expect(await TokenModel.countDocuments({ userId: user._id })).toBe(0);
    expect((await c.get('/api/auth/session')).json.isAuthenticated).toBe(false);
  });

  it('uploads an avatar as a multipart form, checking the CSRF field before storing', async () => {
    await withAdmin();
    const user = await createUser();
    const c = await sessionClient(user);
    await c.get('/profile');
    const form = (csrf: string) => {
      const f = new FormData();
      f.append('csrf', csrf);
      f.append('intent', 'avatar');
      f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
      return f;
    };
    const forged = await c.call('POST', '/profile', { rawBody: form('0'.repeat(64)) });
    expect(forged.status).toBe(403);
    expect((await UserModel.findById(user._id).lean())!.avatarAssetId).toBeNull();
    const ok = await c.call('POST', '/profile', { rawBody: form(c.csrf()!) });
    expect(ok.status).toBe(302);
    expect((await UserModel.findById(user._id).lean())!.avatarAssetId).toMatch(/^asset-/);
    const text = new FormData();
    text.append('csrf', c.csrf()!);
    text.append('file', new Blob(['plain text'], { type: 'image/png' }), 'x.png');
    const refused = await c.call('POST', '/profile', { rawBody: text });
    expect(refused.status).toBe(415);
    expect(refused.text).toContain('Unsupported file type');
  });

  it('admin page: role, registration toggle and deletion through forms', async () => {
    const boss = await withAdmin();
    const admin = await sessionClient(boss);
    const user = await createUser({ username: 'cleo' });
    const list = await admin.get('/admin/users');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Role of cleo');
    expect(
      (await postForm(admin, '/admin/users', { intent: 'role', id: user._id, role: 'admin' })).status,
    ).toBe(302);
    expect((await UserModel.findById(user._id).lean())!.role).toBe('admin');
    const demoteSetup = await postForm(admin, '/admin/users', { intent: 'role', id: ADMIN_ID, role: 'user' });
    expect(demoteSetup.status).toBe(302);
    expect((await UserModel.findById(ADMIN_ID).lean())!.role).toBe('admin');
    await postForm(admin, '/admin/users', { intent: 'registration', enabled: 'false' });
    expect((await admin.get('/api/admin/registration')).json.registrationEnabled).toBe(false);
    const confirm = await admin.get(`/admin/users?delete=${user._id}`);
    expect(confirm.text).toContain('Delete cleo?');
    await postForm(admin, '/admin/users', { intent: 'delete', id: user._id, confirm: 'on' });
    expect(await UserModel.findById(user._id).lean()).toBeNull();
  });
});
