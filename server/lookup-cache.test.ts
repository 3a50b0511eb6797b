// The short caches of sessions and users: they do cache, and a change made through this process is seen at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../tests/factories';
import { resetDatabase } from '../tests/setup/db';
import { SessionModel } from './auth/session.model';
import { createSession, endSession, endUserSessions, resolveSession } from './auth/session.store';
import { env } from './env';
import { findUserById } from './users/user.lookup';
import { UserModel } from './users/user.model';

describe('lookup caches', () => {
  beforeEach(async () => {
    await resetDatabase();
    env().CACHE_TTL_MS = 60_000;
  });
  afterEach(() => {
    env().CACHE_TTL_MS = 0;
  });

  it('caches a session and forgets it when it is ended here', async () => {
    const user = await createUser();
    const { token, session } = await createSession(user._id, { persistent: true });
    expect((await resolveSession(token))?._id).toBe(session._id);
    // Gone from the database behind the cache's back (another instance): still served from the cache...
    await SessionModel.collection.deleteOne({ _id: session._id } as never);
    expect((await resolveSession(token))?._id).toBe(session._id);
    // ...but ended through this process, refused at once.
    await endSession(token);
    expect(await resolveSession(token)).toBeNull();
    const other = await createSession(user._id, { persistent: true });
    expect(await resolveSession(other.token)).not.toBeNull();
    await endUserSessions(user._id);
    expect(await resolveSession(other.token)).toBeNull();
  });

  it('caches a user and sees every write to users at once', async () => {
    const user = await createUser();
    expect((await findUserById(user._id))?.role).toBe('user');
    await UserModel.collection.updateOne({ _id: user._id } as never, { $set: { nickname: 'behind' } });
    expect((await findUserById(user._id))?.nickname).not.toBe('behind');
    await UserModel.updateOne({ _id: user._id }, { $set: { role: 'admin' } });
    expect((await findUserById(user._id))?.role).toBe('admin');
    await UserModel.deleteOne({ _id: user._id });
    expect(await findUserById(user._id)).toBeNull();
  });

  it('hands out copies', async () => {
    const user = await createUser();
    const first = (await findUserById(user._id))!;
    first.role = 'admin';
    expect((await findUserById(user._id))?.role).toBe('user');
  });
});
