// One username rule for every path that creates or renames an account: NFKC, then ASCII letters, digits, _ - . only.
import { beforeEach, describe, expect, it } from 'vitest';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { PASSWORD, createUser } from '../factories';
import { freshIp, loginClient } from './account-helpers';

const register = (username: string) =>
  new Client({ ip: freshIp() }).post('/api/auth/register', {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });

beforeEach(resetDatabase);

describe('usernames', () => {
  it('refuses lookalikes of an existing name: full-width and Cyrillic', async () => {
    await new Client({ ip: freshIp() }).post('/api/setup', {
      username: 'admin',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    for (const lookalike of ['ａｄｍｉｎ', '\u0430dmin', 'ADMIN', 'Ａdmin']) {
      const res = await register(lookalike);
      expect(res.status, lookalike).toBe(400);
    }
    expect(await UserModel.countDocuments({})).toBe(1);
  });

  it('stores the normalised form and allows only ASCII letters, digits, _, - and .', async () => {
    await createUser({ id: '__admin__', role: 'admin', username: 'root' });
    const ok = await register('Ａｌｉｃｅ_1.x-y');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.username).toBe('Alice_1.x-y');
    for (const bad of ['élodie', '李雷', 'bоb', 'a b', 'x', 'a'.repeat(33), 'name!']) {
      const res = await register(bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.code).toBe('validation_failed');
    }
    // Signing in with the full-width form finds the same account.
    expect(
      (
        await new Client({ ip: freshIp() }).post('/api/auth/login', {
          username: 'ａｌｉｃｅ_1.x-y',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('setup and username changes use the same rule; nicknames stay free text', async () => {
    const setup = await new Client({ ip: freshIp() }).post('/api/setup', {
      username: '\u0430dmin',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(setup.status).toBe(400);
    await createUser({ id: '__admin__', role: 'admin', username: 'root' });
    await createUser({ username: 'bob' });
    await createUser({ username: 'carol' });
    const c = await loginClient('carol');
    expect((await c.put('/api/user/username', { username: 'ｂｏｂ' })).status).toBe(409);
    expect((await c.put('/api/user/username', { username: 'b\u043eb' })).status).toBe(400);
    expect((await c.put('/api/user/profile', { nickname: 'Кэрол 🌸' })).json).toMatchObject({
      nickname: 'Кэрол 🌸',
    });
    const renamed = await c.put('/api/user/username', { username: 'Ｃａｒｏｌｅ' });
    expect(renamed.json).toEqual({ ok: true, username: 'Carole' });
  });
});
