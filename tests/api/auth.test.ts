import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { SessionModel } from '#server/auth/session.model';
import { sha256Hex } from '#server/auth/crypto';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { PASSWORD, createUser, sessionClient, tokenClient } from '../factories';
import { awayFromWindowEnd, freshIp, loginClient } from './account-helpers';

const DAY = 86_400_000;

async function sessionOf(c: Client) {
  return SessionModel.findById(sha256Hex(c.cookies.get('sakura-nav-session')!)).lean();
}

describe('login, session, logout', () => {
  beforeEach(resetDatabase);

  it('logs in with {ok, username, role}, session and CSRF cookies, and reports the session', async () => {
    const user = await createUser({ username: 'alice' });
    const c = new Client({ ip: freshIp() });
    // Both fields are trimmed, as the older service did.
    const res = await c.post('/api/auth/login', { username: ' alice ', password: ` ${PASSWORD} ` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, username: 'alice', role: 'user' });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((h) => h.startsWith('sakura-nav-session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i); // plain http here; Secure under https
    expect(c.csrf()).toMatch(/^[0-9a-f]{64}$/);
    // The cookie holds a random id; the database only its hash.
    expect(await SessionModel.findById(c.cookies.get('sakura-nav-session')).lean()).toBeNull();
    expect((await sessionOf(c))?.userId).toBe(user._id);

    const state = await c.get('/api/auth/session');
    expect(state.status).toBe(200);
    expect(state.json).toEqual({
      isAuthenticated: true,
      username: 'alice',
      userId: user._id,
      role: 'user',
      nickname: 'alice',
      avatarUrl: null,
      avatarColor: user.avatarColor,
      accounts: [],
    });
  });

  it('never answers 401 on GET /api/auth/session', async () => {
    const anonymous = await new Client().get('/api/auth/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({
      isAuthenticated: false,
      username: null,
      userId: null,
      role: null,
      nickname: null,
      avatarUrl: null,
      avatarColor: null,
      accounts: [],
    });
    const badToken = await new Client({ token: `sak_${'0'.repeat(64)}` }).get('/api/auth/session');
    expect(badToken.status).toBe(200);
    expect(badToken.json.isAuthenticated).toBe(false);
    const garbage = new Client();
    garbage.cookies.set('sakura-nav-session', 'x'.repeat(43));
    expect((await garbage.get('/api/auth/session')).json.isAuthenticated).toBe(false);
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    await createUser({ username: 'bob' });
    const unknown = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'nobody',
      password: PASSWORD,
    });
    const wrong = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'bob',
      password: 'Wrong123',
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.json).toEqual({ error: 'Invalid username or password', code: 'unauthorized' });
    const missing = await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'bob' });
    expect(missing.status).toBe(400);
  });

  it('remember me: a 30-day persistent cookie; otherwise a browser-session cookie with a short server life', async () => {
    await createUser({ username: 'carol' });
    const remembered = await loginClient('carol', { rememberMe: true });
    const plain = new Client({ ip: freshIp() });
    const res = await plain.post('/api/auth/login', { username: 'carol', password: PASSWORD });
    expect(res.headers.getSetCookie().find((h) => h.startsWith('sakura-nav-session='))).not.toMatch(
      /Max-Age/i,
    );

    const long = (await sessionOf(remembered))!;
    expect(long.persistent).toBe(true);
    expect(long.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * DAY);
    const short = (await sessionOf(plain))!;
    expect(short.persistent).toBe(false);
    expect(short.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(DAY);
    expect(short.expiresAt.getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
  });

  it('sets Max-Age of 30 days on a remembered session cookie', async () => {
    await createUser({ username: 'cora' });
    const c = new Client({ ip: freshIp() });
    const res = await c.post('/api/auth/login', { username: 'cora', password: PASSWORD, rememberMe: true });
    expect(res.headers.getSetCookie().find((h) => h.startsWith('sakura-nav-session='))).toMatch(
      /Max-Age=2592000/i,
    );
  });

  it('enforces expiry on the server: an expired session is signed out and removed', async () => {
    await createUser({ username: 'dave' });
    const c = await loginClient('dave', { rememberMe: true });
    expect((await c.get('/api/user/profile')).status).toBe(200);
    const id = sha256Hex(c.cookies.get('sakura-nav-session')!);
    await SessionModel.updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await c.get('/api/user/profile')).status).toBe(401);
    expect((await c.get('/api/auth/session')).json.isAuthenticated).toBe(false);
    expect(await SessionModel.findById(id).lean()).toBeNull();
  });

  it('slides a browser session on use (until its cap)', async () => {
    await createUser({ username: 'erin' });
    const c = await loginClient('erin');
    const id = sha256Hex(c.cookies.get('sakura-nav-session')!);
    const old = new Date(Date.now() - 10 * 60_000);
    await SessionModel.updateOne(
      { _id: id },
      { $set: { lastSeenAt: old, expiresAt: new Date(Date.now() + 60_000) } },
    );
    expect((await c.get('/api/user/profile')).status).toBe(200);
    await expect
      .poll(async () => (await SessionModel.findById(id).lean())!.expiresAt.getTime() - Date.now())
      .toBeGreaterThan(DAY - 120_000);
  });

  it('logout ends only this browser session: other sessions and tokens keep working', async () => {
    const user = await createUser({ username: 'fay' });
    const a = await loginClient('fay');
    const b = await loginClient('fay');
    const t = await tokenClient(user);
    const res = await a.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(a.cookies.has('sakura-nav-session')).toBe(false);
    expect(a.cookies.has('csrf_token')).toBe(false);
    expect((await a.get('/api/user/profile')).status).toBe(401);
    expect((await b.get('/api/user/profile')).status).toBe(200);
    expect((await t.get('/api/user/profile')).status).toBe(200);
    expect(await SessionModel.countDocuments({ userId: user._id })).toBe(1);
    // Logging out when signed out is harmless.
    expect((await new Client().post('/api/auth/logout')).json).toEqual({ ok: true });
  });

  it('refuses cookie-authenticated changes from a foreign Origin (CSRF); token calls are exempt', async () => {
    const user = await createUser({ username: 'gus' });
    const c = await loginClient('gus');
    const foreign = { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } };
    const put = await c.put('/api/user/profile', { nickname: 'pwned' }, foreign);
    expect(put.status).toBe(403);
    expect(put.json.code).toBe('csrf_failed');
    const logout = await c.post('/api/auth/logout', undefined, foreign);
    expect(logout.status).toBe(403);
    const login = await new Client({ ip: freshIp() }).post(
      '/api/auth/login',
      { username: 'gus', password: PASSWORD },
      foreign,
    );
    expect(login.status).toBe(403);
    // A mismatching x-csrf-token is refused too, a matching one accepted.
    const bad = await c.put(
      '/api/user/profile',
      { nickname: 'x' },
      { headers: { 'x-csrf-token': 'f'.repeat(64) } },
    );
    expect(bad.status).toBe(403);
    const good = await c.put(
      '/api/user/profile',
      { nickname: 'ok' },
      { headers: { 'x-csrf-token': c.csrf()! } },
    );
    expect(good.status).toBe(200);
    const t = await tokenClient(user);
    expect((await t.put('/api/user/profile', { nickname: 'tok' }, foreign)).status).toBe(200);
  });

  it('refuses a page form post without the matching CSRF token', async () => {
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'root' });
    await createUser({ username: 'hal' });
    const c = await loginClient('hal');
    const res = await c.call('POST', '/logout', {
      rawBody: new URLSearchParams({ csrf: 'a'.repeat(64) }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect((await c.get('/api/user/profile')).status).toBe(200);
  });
});

describe('rate limits', () => {
  beforeEach(resetDatabase);

  it('answers 429 with Retry-After after 10 attempts a minute from one address, for login and register', async () => {
    awayFromWindowEnd(60_000, 30_000);
    await createUser({ username: 'ivy' });
    const ip = freshIp();
    const c = new Client({ ip });
    for (let i = 0; i < 6; i += 1) {
      expect((await c.post('/api/auth/login', { username: 'ivy', password: PASSWORD })).status).toBe(200);
    }
    for (let i = 0; i < 4; i += 1) {
      const r = await c.post('/api/auth/register', {
        username: `new${i}`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(r.status).toBe(200);
    }
    const limited = await c.post('/api/auth/login', { username: 'ivy', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ error: expect.stringMatching(/Too many attempts/), code: 'rate_limited' });
    const retry = Number(limited.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    const register = await c.post('/api/auth/register', {
      username: 'late',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(register.status).toBe(429);
    // Another address is not affected.
    expect((await loginClient('ivy')).cookies.has('sakura-nav-session')).toBe(true);
  }, 120_000);

  it('limits failed logins per username across addresses, without locking out browsers that signed in before', async () => {
    await createUser({ username: 'jay' });
    // The victim's usual browser has signed in before.
    const victim = await loginClient('jay');
    await victim.post('/api/auth/logout');
    // An attacker guesses from many addresses.
    for (let i = 0; i < 5; i += 1) {
      const r = await new Client({ ip: freshIp() }).post('/api/auth/login', {
        username: 'jay',
        password: `Guess${i}x`,
      });
      expect(r.status).toBe(401);
    }
    const attacker = await new Client({ ip: freshIp() }).post('/api/auth/login', {
      username: 'jay',
      password: PASSWORD,
    });
    expect(attacker.status).toBe(429);
    expect(attacker.headers.get('retry-after')).toBeTruthy();
    // Unknown usernames behave the same way (nothing to learn from the limit).
    for (let i = 0; i < 5; i += 1) {
      await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'ghost', password: 'x' });
    }
    expect(
      (await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'ghost', password: 'x' }))
        .status,
    ).toBe(429);
    // The victim's browser still signs in.
    const again = await victim.post('/api/auth/login', { username: 'jay', password: PASSWORD });
    expect(again.status).toBe(200);
    // A forged trusted-device cookie does not help.
    const forger = new Client({ ip: freshIp() });
    forger.cookies.set(
      'sakura-nav-device',
      `${victim.cookies.get('sakura-nav-device')!.split('.')[0]}.${'0'.repeat(40)}`,
    );
    expect((await forger.post('/api/auth/login', { username: 'jay', password: PASSWORD })).status).toBe(429);
  });

  it('keeps the counted events in MongoDB, one slot per event keyed by _id', async () => {
    const { RateBucketModel } = await import('#server/rate-limit/rate-limit.model');
    const sent = Date.now();
    await new Client({ ip: freshIp() }).post('/api/auth/login', { username: 'x', password: 'y' });
    const rows = await RateBucketModel.find({}).lean();
    expect(rows.map((r) => r._id.split(':')[0]).sort()).toEqual(['auth-ip', 'login-fail']);
    // Each slot expires when its window ends, after the event (compared with the time the event was sent: a window
    // may end between the answer and this check, as a CI run once found).
    expect(rows.every((r) => r.expiresAt.getTime() > sent)).toBe(true);
    const { purgeExpiredBuckets } = await import('#server/rate-limit/rate-limit.service');
    await RateBucketModel.updateMany({}, { $set: { expiresAt: new Date(0) } });
    expect(await purgeExpiredBuckets()).toBe(2);
  });
});

describe('POST /api/auth/switch', () => {
  beforeEach(resetDatabase);

  it('switches between accounts signed in on this browser, both ways, without a password', async () => {
    const u1 = await createUser({ username: 'kim' });
    const u2 = await createUser({ username: 'lee' });
    const browser = await loginClient('kim');
    await loginClient('lee', { client: browser });
    const state = await browser.get('/api/auth/session');
    expect(state.json.username).toBe('lee');
    expect(state.json.accounts).toEqual([
      expect.objectContaining({ userId: u1._id, username: 'kim', nickname: 'kim', avatarUrl: null }),
    ]);

    const res = await browser.post('/api/auth/switch', { userId: u1._id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, username: 'kim', userId: u1._id, role: 'user' });
    expect((await browser.get('/api/user/profile')).json.username).toBe('kim');
    const back = await browser.post('/api/auth/switch', { userId: u2._id });
    expect(back.status).toBe(200);
    expect((await browser.get('/api/user/profile')).json.username).toBe('lee');
  });

  it('refuses accounts that are not signed in on this browser (403), and bad requests', async () => {
    const u1 = await createUser({ username: 'max' });
    const u2 = await createUser({ username: 'ned' });
    const c = await loginClient('ned');
    expect((await c.post('/api/auth/switch', { userId: u1._id })).status).toBe(403);
    expect((await c.post('/api/auth/switch', { userId: ADMIN_ID })).status).toBe(404);
    expect((await c.post('/api/auth/switch', {})).status).toBe(400);
    expect((await c.post('/api/auth/switch', { userId: u2._id })).status).toBe(400);
    expect((await c.post('/api/auth/switch', { userId: 'user-nope' })).status).toBe(404);
    expect((await new Client().post('/api/auth/switch', { userId: u1._id })).status).toBe(401);
    // A made-up accounts cookie gives nothing.
    c.cookies.set('sakura-nav-accounts', 'x'.repeat(43));
    expect((await c.post('/api/auth/switch', { userId: u1._id })).status).toBe(403);
    // Nor does a token.
    const t = await tokenClient(u2);
    expect((await t.post('/api/auth/switch', { userId: u1._id })).status).toBe(403);
    expect((await c.get('/api/user/profile')).json.username).toBe('ned');
  });

  it('lets an administrator switch into a user (recorded) and back', async () => {
    const admin = await createUser({ id: ADMIN_ID, role: 'admin', username: 'root' });
    const user = await createUser({ username: 'olga' });
    const c = await loginClient('root');
    const res = await c.post('/api/auth/switch', { userId: user._id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, username: 'olga', userId: user._id, role: 'user' });
    const session = await sessionOf(c);
    expect(session).toMatchObject({ userId: user._id, impersonatedBy: admin._id, persistent: false });
    const back = await c.post('/api/auth/switch', { userId: admin._id });
    expect(back.status).toBe(200);
    expect((await c.get('/api/auth/session')).json.userId).toBe(ADMIN_ID);
    // The user (not an admin) cannot do the same.
    const other = await sessionClient(user);
    expect((await other.post('/api/auth/switch', { userId: ADMIN_ID })).status).toBe(403);
  });

  it('logout activates another account signed in on this browser', async () => {
    await createUser({ username: 'pia' });
    await createUser({ username: 'quin' });
    const c = await loginClient('pia');
    await loginClient('quin', { client: c });
    await c.post('/api/auth/logout');
    expect((await c.get('/api/auth/session')).json).toMatchObject({ isAuthenticated: true, username: 'pia' });
    await c.post('/api/auth/logout');
    expect((await c.get('/api/auth/session')).json.isAuthenticated).toBe(false);
  });
});
