import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { actorOf, createUser } from '../../tests/factories';
import { restoreClock, skipAhead } from '../../tests/setup/clock';
import { resetDatabase } from '../../tests/setup/db';
import { createToken, deleteToken } from '../tokens/token.service';
import { UserModel } from '../users/user.model';
import { AUTH_CACHE_MS } from './auth-cache';
import { authenticate } from './authenticate';
import { SessionModel } from './session.model';
import { createSession, endSession, endUserSessions } from './session.store';
import { sha256Hex } from './crypto';

const withCookie = (token: string) =>
  new Request('http://localhost/api/site-cards', { headers: { cookie: `sakura-nav-session=${token}` } });
const withBearer = (token: string) =>
  new Request('http://localhost/api/site-cards', { headers: { authorization: `Bearer ${token}` } });
const actor = async (request: Request) => (await authenticate(request)).actor;

describe('verified credentials cached for a moment', () => {
  beforeEach(resetDatabase);
  afterAll(restoreClock);

  it('reuses a verified session for at most AUTH_CACHE_MS', async () => {
    const user = await createUser();
    const { token } = await createSession(user._id, { persistent: false });
    expect((await actor(withCookie(token)))?.userId).toBe(user._id);
    // Removed behind the models' back (as another instance would): still trusted for a moment, then refused.
    await SessionModel.collection.deleteOne({ _id: sha256Hex(token) } as never);
    expect((await actor(withCookie(token)))?.userId).toBe(user._id);
    skipAhead(AUTH_CACHE_MS + 50);
    expect(await actor(withCookie(token))).toBeNull();
  });

  it('a session verified before the clock was set back is verified again', async () => {
    const user = await createUser();
    const { token } = await createSession(user._id, { persistent: false });
    // Verified "in the future": the clock then steps back 30 s, as NTP or a restored machine may make it.
    skipAhead(30_000);
    expect((await actor(withCookie(token)))?.userId).toBe(user._id);
    await SessionModel.collection.deleteOne({ _id: sha256Hex(token) } as never);
    restoreClock();
    expect(await actor(withCookie(token))).toBeNull();
  });

  it('a sign-out, the end of all sessions and a role change take effect at once in this process', async () => {
    const user = await createUser({ username: 'cached-admin', role: 'admin' });
    const a = await createSession(user._id, { persistent: false });
    const b = await createSession(user._id, { persistent: false });
    expect((await actor(withCookie(a.token)))?.role).toBe('admin');
    expect((await actor(withCookie(b.token)))?.role).toBe('admin');
    await UserModel.updateOne({ _id: user._id }, { $set: { role: 'user' } });
    expect((await actor(withCookie(a.token)))?.role).toBe('user');
    await endSession(a.token);
    expect(await actor(withCookie(a.token))).toBeNull();
    expect(await actor(withCookie(b.token))).not.toBeNull();
    await endUserSessions(user._id);
    expect(await actor(withCookie(b.token))).toBeNull();
  });

  it('a deleted access token is refused at once', async () => {
    const user = await createUser();
    const created = await createToken(actorOf(user), { name: 't', expiresIn: '30d', readOnly: false });
    expect((await actor(withBearer(created.token)))?.userId).toBe(user._id);
    await deleteToken(actorOf(user), created.id);
    const result = await authenticate(withBearer(created.token));
    expect(result.actor).toBeNull();
    expect(result.badToken).toBe(true);
  });
});
