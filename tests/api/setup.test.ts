import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { getSpace } from '#server/spaces/space.cache';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';

describe('first-run setup', () => {
  beforeEach(resetDatabase);

  it('reports not initialized, then creates the admin once, logged in, with starter data', async () => {
    const c = new Client();
    expect((await c.get('/api/setup')).json).toEqual({ initialized: false });

    const res = await c.post('/api/setup', {
      username: 'boss',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, username: 'boss' });
    expect(c.cookies.get('sakura-nav-session')).toBeTruthy();
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('sakura-nav-session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    expect((await c.get('/api/setup')).json).toEqual({ initialized: true });
    const admin = await UserModel.findById(ADMIN_ID).lean();
    expect(admin?.role).toBe('admin');
    expect(admin?.passwordHash).toMatch(/^scrypt\$/);
    expect(admin?.passwordHash).not.toContain('Secret123');

    const space = await getSpace(ADMIN_ID);
    expect(space.tags.length).toBe(3);
    const types = [...space.cards.values()].map((c) => c.cardType ?? 'site');
    expect(types.filter((t) => t === 'site')).toHaveLength(4);
    expect(types.filter((t) => t === 'note')).toHaveLength(4);
    expect(types.filter((t) => t !== 'site' && t !== 'note')).toHaveLength(4);

    const again = await new Client().post('/api/setup', {
      username: 'other',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('already_initialized');
    expect(await UserModel.countDocuments()).toBe(1);
  });

  it('validates input with clear messages and accepts the older service rules', async () => {
    const c = new Client();
    const mismatch = await c.post('/api/setup', {
      username: 'ab',
      password: 'Secret123',
      confirmPassword: 'Secret124',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error).toBe('confirmPassword: Passwords do not match');
    const weak = await c.post('/api/setup', {
      username: 'ab',
      password: '123456',
      confirmPassword: '123456',
    });
    expect(weak.status).toBe(400);
    expect(weak.json.details[0].path).toBe('password');
    const badName = await c.post('/api/setup', {
      username: 'a b',
      password: 'Secret1',
      confirmPassword: 'Secret1',
    });
    expect(badName.status).toBe(400);
    expect(badName.json.details[0].path).toBe('username');
    // The older service's minimum: 2-character name, 6-character password with upper, lower and digit.
    const ok = await c.post('/api/setup', { username: 'ab', password: 'Abc123', confirmPassword: 'Abc123' });
    expect(ok.status).toBe(200);
  });

  it('redirects every page to /setup until the admin exists, and /setup home afterwards', async () => {
    const c = new Client();
    const home = await c.get('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/setup');
    const setupPage = await c.get('/setup');
    expect(setupPage.status).toBe(200);
    expect(setupPage.text).toContain('<form');
    await c.post('/api/setup', { username: 'boss', password: 'Secret123', confirmPassword: 'Secret123' });
    const after = await c.get('/setup');
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe('/');
  });

  it('two setups at once create exactly one admin', async () => {
    const body = { username: 'boss', password: 'Secret123', confirmPassword: 'Secret123' };
    const results = await Promise.all([
      new Client().post('/api/setup', body),
      new Client().post('/api/setup', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await UserModel.countDocuments()).toBe(1);
  });
});
