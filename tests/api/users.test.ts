import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { SessionModel } from '#server/auth/session.model';
import { CardModel } from '#server/cards/card.model';
import { getSpace } from '#server/spaces/space.cache';
import { TagModel } from '#server/tags/tag.model';
import { getSettings } from '#server/settings/settings.service';
import { TokenModel } from '#server/tokens/token.model';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { PASSWORD, createUser, sessionClient, tokenClient } from '../factories';
import { fileForm, freshIp, loginClient, PNG } from './account-helpers';

/** Sets the instance up through the API (admin `boss`, seeded space) and returns the admin's browser. */
async function setUp(): Promise<Client> {
  const c = new Client({ ip: freshIp() });
  const res = await c.post('/api/setup', { username: 'boss', password: PASSWORD, confirmPassword: PASSWORD });
  expect(res.status).toBe(200);
  return c;
}

function register(c: Client, username: string, password = PASSWORD, confirmPassword = password) {
  return c.post('/api/auth/register', { username, password, confirmPassword });
}

describe('registration', () => {
  beforeEach(resetDatabase);

  it('creates a user that starts with a copy of the admin data, and does not sign in', async () => {
    await setUp();
    const c = new Client({ ip: freshIp() });
    const res = await register(c, 'newbie');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, username: 'newbie' });
    expect(c.cookies.has('sakura-nav-session')).toBe(false);
    const user = (await UserModel.findOne({ usernameKey: 'newbie' }).lean())!;
    expect(user._id).toMatch(/^user-[0-9a-f-]{36}$/);
    expect(user).toMatchObject({
      role: 'user',
      nickname: 'newbie',
      hasPassword: true,
      usernameChanged: false,
    });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    const admin = await getSpace(ADMIN_ID);
    const mine = await getSpace(user._id);
    expect(mine.tags.map((t) => t.name)).toEqual(admin.tags.map((t) => t.name));
    expect(mine.cards.size).toBe(admin.cards.size);
    expect(mine.cards.size).toBe(12);
    expect([...mine.cards.keys()].every((id) => !admin.cards.has(id))).toBe(true);
    // Signing in works.
    const login = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'NEWBIE',
      password: PASSWORD,
    });
    expect(login.json).toEqual({ ok: true, username: 'newbie', role: 'user' });
  });

  it('refuses while closed (403), duplicates (generic 400) and weak input (400 with details)', async () => {
    const admin = await setUp();
    const c = new Client({ ip: freshIp() });
    expect((await register(c, 'taken')).status).toBe(200);
    const dup = await register(new Client({ ip: freshIp() }), 'TAKEN');
    expect(dup.status).toBe(400);
    expect(dup.json).toEqual({
      error: 'Registration failed; please try a different username',
      code: 'bad_request',
    });
    const weak = await register(new Client({ ip: freshIp() }), 'weakling', '123456');
    expect(weak.status).toBe(400);
    expect(weak.json.details[0].path).toBe('password');
    const mismatch = await register(new Client({ ip: freshIp() }), 'mismatch', PASSWORD, 'Secret124');
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error).toBe('confirmPassword: Passwords do not match');
    const noConfirm = await new Client({ ip: freshIp() }).post('/api/auth/register', {
      username: 'noconf',
      password: PASSWORD,
    });
    expect(noConfirm.status).toBe(400);

    expect((await admin.put('/api/admin/registration', { enabled: false })).json).toEqual({
      ok: true,
      registrationEnabled: false,
    });
    const closed = await register(new Client({ ip: freshIp() }), 'closed');
    expect(closed.status).toBe(403);
    expect(closed.json.code).toBe('registration_closed');
    expect(await UserModel.countDocuments()).toBe(2);
  });

  it('two registrations of one name at once create one user', async () => {
    await setUp();
    const results = await Promise.all([
      register(new Client({ ip: freshIp() }), 'racer'),
      register(new Client({ ip: freshIp() }), 'Racer'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await UserModel.countDocuments({ usernameKey: 'racer' })).toBe(1);
  });
});

describe('registration toggle and user administration', () => {
  beforeEach(resetDatabase);

  it('reads and sets the registration toggle (admin only)', async () => {
    const admin = await setUp();
    expect((await admin.get('/api/admin/registration')).json).toEqual({ registrationEnabled: true });
    expect((await admin.put('/api/admin/registration', { enabled: false })).status).toBe(200);
    expect((await admin.get('/api/admin/registration')).json).toEqual({ registrationEnabled: false });
    expect((await getSettings()).registrationEnabled).toBe(false);
    expect((await admin.put('/api/admin/registration', {})).status).toBe(400);
    expect((await admin.put('/api/admin/registration', { enabled: 'yes' })).status).toBe(400);
    const user = await createUser();
    expect((await (await sessionClient(user)).get('/api/admin/registration')).status).toBe(403);
  });

  it('lists users oldest first with the compat shape', async () => {
    const admin = await setUp();
    await register(new Client({ ip: freshIp() }), 'second');
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.json.items.map((u: { username: string }) => u.username)).toEqual(['boss', 'second']);
    expect(Object.keys(res.json.items[1]).sort()).toEqual(
      ['avatarAssetId', 'avatarColor', 'createdAt', 'id', 'nickname', 'role', 'username'].sort(),
    );
    expect(res.json.items[0]).toMatchObject({
      id: ADMIN_ID,
      role: 'admin',
      nickname: 'boss',
      avatarAssetId: null,
    });
  });

  it('sets roles; the setup admin and the last admin keep theirs', async () => {
    const admin = await setUp();
    const user = await createUser({ username: 'promo' });
    expect((await admin.put('/api/admin/users', { id: user._id, role: 'admin' })).json).toEqual({ ok: true });
    expect((await UserModel.findById(user._id).lean())!.role).toBe('admin');
    // The promoted user now passes admin routes.
    expect((await (await sessionClient(user)).get('/api/admin/users')).status).toBe(200);
    expect((await admin.put('/api/admin/users', { id: user._id, role: 'user' })).status).toBe(200);
    expect((await admin.put('/api/admin/users', { id: ADMIN_ID, role: 'user' })).status).toBe(403);
    expect((await admin.put('/api/admin/users', { id: 'user-nope', role: 'user' })).status).toBe(404);
    expect((await admin.put('/api/admin/users', { id: user._id, role: 'root' })).status).toBe(400);
    expect((await admin.put('/api/admin/users', { role: 'user' })).status).toBe(400);
  });

  it('refuses to demote the last admin (409)', async () => {
    // An instance whose only administrator is a promoted user (e.g. imported data).
    const only = await createUser({ username: 'solo', role: 'admin', id: 'user-solo' });
    const c = await sessionClient(only);
    const res = await c.put('/api/admin/users', { id: only._id, role: 'user' });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('conflict');
    expect((await UserModel.findById(only._id).lean())!.role).toBe('admin');
  });

  it('deletes a user with all their data, files, sessions and tokens', async () => {
    const admin = await setUp();
    await register(new Client({ ip: freshIp() }), 'victim');
    const victim = await loginClient('victim');
    const v = (await UserModel.findOne({ usernameKey: 'victim' }).lean())!;
    const token = await tokenClient(v);
    const avatar = await victim.call('POST', '/api/user/avatar', {
      rawBody: fileForm(PNG, 'a.png', 'image/png'),
    });
    expect(avatar.status).toBe(200);

    expect((await admin.delete('/api/admin/users')).status).toBe(400);
    expect((await admin.delete(`/api/admin/users?id=${ADMIN_ID}`)).status).toBe(403);
    const res = await admin.delete(`/api/admin/users?id=${v._id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(await UserModel.findById(v._id).lean()).toBeNull();
    expect((await victim.get('/api/user/profile')).status).toBe(401);
    expect((await token.get('/api/user/profile')).status).toBe(401);
    expect(await CardModel.countDocuments({ ownerId: v._id })).toBe(0);
    expect((await new Client().get(avatar.json.url)).status).toBe(404);
    expect((await admin.delete(`/api/admin/users?id=${v._id}`)).status).toBe(404);
  });

  it('admin routes: 401 without credentials, 403 for users and their tokens', async () => {
    await setUp();
    const user = await createUser();
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['PUT', '/api/admin/users'],
      ['DELETE', '/api/admin/users?id=x'],
      ['GET', '/api/admin/registration'],
      ['PUT', '/api/admin/registration'],
    ] as const) {
      const opts = method === 'GET' ? {} : { body: {} };
      expect((await new Client().call(method, path, opts)).status).toBe(401);
      expect((await (await sessionClient(user)).call(method, path, opts)).status).toBe(403);
      expect((await (await tokenClient(user)).call(method, path, opts)).status).toBe(403);
    }
  });
});

describe('profile, password, username, account deletion', () => {
  beforeEach(resetDatabase);

  it('returns the compat profile shapes and updates the nickname', async () => {
    const admin = await setUp();
    const adminProfile = await admin.get('/api/user/profile');
    expect(adminProfile.json).toEqual({
      id: ADMIN_ID,
      username: 'boss',
      nickname: 'boss',
      avatarUrl: null,
      role: 'admin',
    });
    const user = await createUser({ username: 'rita' });
    const c = await sessionClient(user);
    expect((await c.get('/api/user/profile')).json).toEqual({
      id: user._id,
      username: 'rita',
      nickname: 'rita',
      avatarUrl: null,
      avatarColor: user.avatarColor,
      role: 'user',
      hasPassword: true,
      usernameChanged: false,
    });
    const put = await c.put('/api/user/profile', { nickname: '  Rita R.  ' });
    expect(put.status).toBe(200);
    expect(put.json.nickname).toBe('Rita R.');
    expect(Object.keys(put.json).length).toBe(8);
    expect((await c.put('/api/user/profile', { nickname: '' })).json.nickname).toBeNull();
    expect((await c.put('/api/user/profile', { nickname: 'x'.repeat(21) })).status).toBe(400);
    expect((await c.put('/api/user/profile', { nickname: 5 })).status).toBe(400);
  });

  it('changes the password and ends the other sessions, keeping this one and tokens', async () => {
    const user = await createUser({ username: 'sam' });
    const here = await loginClient('sam');
    const elsewhere = await loginClient('sam');
    const token = await tokenClient(user);
    const wrong = await here.put('/api/user/password', {
      oldPassword: 'Nope1234',
      newPassword: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.details).toEqual([{ path: 'oldPassword', message: 'Current password is incorrect' }]);
    const missing = await here.put('/api/user/password', {
      newPassword: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(missing.status).toBe(400);
    const mismatch = await here.put('/api/user/password', {
      oldPassword: PASSWORD,
      newPassword: 'Better456',
      confirmPassword: 'Better457',
    });
    expect(mismatch.status).toBe(400);

    const ok = await here.put('/api/user/password', {
      oldPassword: PASSWORD,
      newPassword: 'Better456',
      confirmPassword: 'Better456',
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true });
    expect((await here.get('/api/user/profile')).status).toBe(200);
    expect((await elsewhere.get('/api/user/profile')).status).toBe(401);
    expect((await token.get('/api/user/profile')).status).toBe(200);
    expect(await SessionModel.countDocuments({ userId: user._id })).toBe(1);
    const ip = freshIp();
    expect(
      (await new Client({ ip }).post('/api/auth/login', { username: 'sam', password: PASSWORD })).status,
    ).toBe(401);
    expect(
      (await new Client({ ip }).post('/api/auth/login', { username: 'sam', password: 'Better456' })).status,
    ).toBe(200);
  });

  it('rate-limits wrong current passwords', async () => {
    const user = await createUser({ username: 'tess' });
    const c = await sessionClient(user);
    const body = { oldPassword: 'Wrong999', newPassword: 'Better456', confirmPassword: 'Better456' };
    for (let i = 0; i < 5; i += 1) expect((await c.put('/api/user/password', body)).status).toBe(400);
    const limited = await c.put('/api/user/password', { ...body, oldPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('changes the username once: then 400; a taken name is 409; administrators cannot (403)', async () => {
    const admin = await setUp();
    await createUser({ username: 'Occupied' });
    const user = await createUser({ username: 'uma' });
    const c = await sessionClient(user);
    const taken = await c.put('/api/user/username', { username: 'occupied' });
    expect(taken.status).toBe(409);
    expect((await c.put('/api/user/username', { username: 'a' })).status).toBe(400);
    const ok = await c.put('/api/user/username', { username: 'uma2' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ ok: true, username: 'uma2' });
    expect((await c.get('/api/user/profile')).json).toMatchObject({
      username: 'uma2',
      usernameChanged: true,
    });
    const again = await c.put('/api/user/username', { username: 'uma3' });
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('The username can be changed only once');
    expect((await loginClient('uma2')).cookies.has('sakura-nav-session')).toBe(true);
    expect(
      (await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'uma', password: PASSWORD }))
        .status,
    ).toBe(401);
    // The old name is free again.
    expect((await register(new Client({ ip: freshIp() }), 'uma')).status).toBe(200);
    expect((await admin.put('/api/user/username', { username: 'bigboss' })).status).toBe(403);
  });

  it('deletes the account with everything it owns; its token gets 401 afterwards', async () => {
    await setUp();
    await register(new Client({ ip: freshIp() }), 'leaver');
    const c = await loginClient('leaver');
    const user = (await UserModel.findOne({ usernameKey: 'leaver' }).lean())!;
    const token = await tokenClient(user);
    const other = await loginClient('leaver');
    const avatar = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(PNG, 'me.png', 'image/png'),
    });
    expect(avatar.status).toBe(200);
    expect((await getSpace(user._id)).cards.size).toBe(12);

    // The rules live in the service, so the API meets them too: an access token may not delete the account, and a
    // confirmation that is given must be the username.
    const byToken = await token.post('/api/user/delete-account', { confirm: 'leaver' });
    expect(byToken.status).toBe(403);
    expect(byToken.json.code).toBe('forbidden');
    const wrong = await c.post('/api/user/delete-account', { confirm: 'someone-else' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('validation_failed');
    expect(await UserModel.countDocuments({ _id: user._id })).toBe(1);

    const res = await c.post('/api/user/delete-account');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(c.cookies.has('sakura-nav-session')).toBe(false);
    expect(await UserModel.findById(user._id).lean()).toBeNull();
    expect(await SessionModel.countDocuments({ userId: user._id })).toBe(0);
    expect(await TokenModel.countDocuments({ userId: user._id })).toBe(0);
    expect((await token.get('/api/user/profile')).status).toBe(401);
    expect((await other.get('/api/user/profile')).status).toBe(401);
    // Asked of the database: this process's read model may trust its copy for a moment.
    expect(await CardModel.countDocuments({ ownerId: user._id })).toBe(0);
    expect(await TagModel.countDocuments({ ownerId: user._id })).toBe(0);
    expect((await new Client().get(avatar.json.url)).status).toBe(404);
    const { deletePrefix, storageKeys } = await import('#server/storage');
    expect(await deletePrefix(storageKeys.userPrefix(user._id))).toBe(0);
    expect(
      (
        await new Client({ ip: freshIp() }).post('/api/auth/login', {
          username: 'leaver',
          password: PASSWORD,
        })
      ).status,
    ).toBe(401);
  });

  it('the setup administrator cannot delete their account (403)', async () => {
    const admin = await setUp();
    const res = await admin.post('/api/user/delete-account');
    expect(res.status).toBe(403);
    expect(await UserModel.countDocuments({ _id: ADMIN_ID })).toBe(1);
  });
});

describe('admin: finding users and temporary passwords', () => {
  beforeEach(resetDatabase);

  it('searches and pages the user list', async () => {
    const admin = await setUp();
    for (const name of ['alice', 'alina', 'bob']) await createUser({ username: name });
    const all = await admin.get('/api/admin/users');
    expect(all.json.total).toBe(4);
    expect(all.json.items).toHaveLength(4);
    const first = await admin.get('/api/admin/users?q=ALI&limit=1');
    expect(first.json).toMatchObject({ total: 2, items: [{ username: 'alice' }] });
    const second = await admin.get('/api/admin/users?q=ali&limit=1&offset=1');
    expect(second.json.items.map((u: { username: string }) => u.username)).toEqual(['alina']);
  });

  it('sets a temporary password that must be changed at the next sign-in', async () => {
    const admin = await setUp();
    const user = await createUser({ username: 'forgetful' });
    const old = await loginClient('forgetful');
    const res = await admin.post('/api/admin/users/temporary-password', { id: user._id });
    expect(res.status).toBe(200);
    const temp: string = res.json.password;
    expect(temp).toMatch(/^[A-Za-z2-9]{12}$/);
    // The old password and the user's sessions are gone.
    expect((await old.get('/api/user/profile')).status).toBe(401);
    const wrong = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'forgetful',
      password: PASSWORD,
    });
    expect(wrong.status).toBe(401);

    // Signing in with it works, says so, and every page leads to the password form until it is changed.
    const c = new Client({ ip: freshIp() });
    const login = await c.post('/api/auth/login', { username: 'forgetful', password: temp });
    expect(login.json).toEqual({ ok: true, username: 'forgetful', role: 'user', mustChangePassword: true });
    const home = await c.get('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/profile?password=required#password');
    expect((await c.get('/profile')).status).toBe(200);
    const changed = await c.put('/api/user/password', {
      oldPassword: temp,
      newPassword: 'MyOwn1234',
      confirmPassword: 'MyOwn1234',
    });
    expect(changed.status).toBe(200);
    expect((await c.get('/')).status).toBe(200);
    const again = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'forgetful',
      password: 'MyOwn1234',
    });
    expect(again.json).toEqual({ ok: true, username: 'forgetful', role: 'user' });
  });

  it('is for administrators only, and never for an administrator’s account', async () => {
    const admin = await setUp();
    const user = await createUser({ username: 'plain' });
    const other = await createUser({ username: 'second', role: 'admin' });
    const asUser = await loginClient('plain');
    expect((await asUser.post('/api/admin/users/temporary-password', { id: other._id })).status).toBe(403);
    expect((await admin.post('/api/admin/users/temporary-password', { id: other._id })).status).toBe(403);
    expect((await admin.post('/api/admin/users/temporary-password', { id: 'nobody' })).status).toBe(404);
    expect((await admin.post('/api/admin/users/temporary-password', {})).status).toBe(400);
    expect((await UserModel.findById(user._id).lean())!.mustChangePassword).toBe(false);
  });
});
