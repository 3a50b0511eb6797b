import { beforeEach, describe, expect, it } from 'vitest';
import { TokenModel } from '#server/tokens/token.model';
import { sha256Hex } from '#server/auth/crypto';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { createUser, sessionClient, tokenClient } from '../factories';

const DAY = 86_400_000;

describe('personal access tokens', () => {
  beforeEach(resetDatabase);

  it('creates a token shown once (201), stores only its SHA-256, and lists it without the secret', async () => {
    const user = await createUser({ username: 'tina' });
    const c = await sessionClient(user);
    const res = await c.post('/api/user/tokens', { name: 'backup', expiresIn: '30d' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.stringMatching(/^tok-[0-9a-f]{32}$/),
      name: 'backup',
      token: expect.stringMatching(/^sak_[0-9a-f]{64}$/),
      readOnly: false,
      lastUsedAt: null,
    });
    const { token } = res.json;
    expect(res.json.tokenSuffix).toBe(token.slice(-4));
    expect(new Date(res.json.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * DAY);
    const row = (await TokenModel.findOne({ tokenId: res.json.id }).lean())!;
    expect(row._id).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await c.get('/api/user/tokens');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json)).toBe(true);
    expect(list.json[0]).toEqual({
      id: res.json.id,
      name: 'backup',
      tokenSuffix: token.slice(-4),
      readOnly: false,
      expiresAt: res.json.expiresAt,
      lastUsedAt: null,
      createdAt: res.json.createdAt,
      isExpired: false,
    });

    // The token works as a Bearer credential and records its use.
    const viaToken = await new Client({ token }).get('/api/user/profile');
    expect(viaToken.status).toBe(200);
    expect(viaToken.json.username).toBe('tina');
    await expect.poll(async () => (await TokenModel.findById(row._id).lean())!.lastUsedAt).not.toBeNull();
    const never = await c.post('/api/user/tokens', { name: 'forever', expiresIn: 'never' });
    expect(never.json.expiresAt).toBeNull();
    const listed = (await c.get('/api/user/tokens')).json;
    expect(listed.map((t: { name: string }) => t.name)).toEqual(['forever', 'backup']);
  });

  it('validates input and allows at most 10 tokens', async () => {
    const user = await createUser();
    const c = await sessionClient(user);
    expect((await c.post('/api/user/tokens', { name: '', expiresIn: '30d' })).status).toBe(400);
    expect((await c.post('/api/user/tokens', { name: 'x'.repeat(51), expiresIn: '30d' })).status).toBe(400);
    const badExpiry = await c.post('/api/user/tokens', { name: 'x', expiresIn: '2d' });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.json.error).toBe('expiresIn: expiresIn must be one of 30d, 90d, 1y, never');
    for (let i = 0; i < 10; i += 1) {
      expect((await c.post('/api/user/tokens', { name: `t${i}`, expiresIn: '90d' })).status).toBe(201);
    }
    const eleventh = await c.post('/api/user/tokens', { name: 'one too many', expiresIn: '90d' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.error).toMatch(/at most 10 tokens/);
  });

  it('refuses expired, revoked and unknown tokens with 401 on protected routes', async () => {
    const user = await createUser();
    const c = await sessionClient(user);
    const { json } = await c.post('/api/user/tokens', { name: 'short', expiresIn: '30d' });
    const t = new Client({ token: json.token });
    expect((await t.get('/api/user/profile')).status).toBe(200);
    await TokenModel.updateOne({ tokenId: json.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await t.get('/api/user/profile');
    expect(expired.status).toBe(401);
    expect(expired.json.error).toMatch(/invalid, expired or revoked/);
    expect((await c.get('/api/user/tokens')).json[0].isExpired).toBe(true);

    const second = (await c.post('/api/user/tokens', { name: 'revoked', expiresIn: '30d' })).json;
    const del = await c.delete(`/api/user/tokens/${second.id}`);
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ success: true });
    expect((await new Client({ token: second.token }).get('/api/user/profile')).status).toBe(401);
    expect((await c.delete(`/api/user/tokens/${second.id}`)).status).toBe(404);
    expect((await new Client({ token: `sak_${'a'.repeat(64)}` }).get('/api/user/tokens')).status).toBe(401);
    // A bad token on a public route is a visitor, as with the older service.
    expect((await new Client({ token: `sak_${'a'.repeat(64)}` }).get('/api/auth/session')).status).toBe(200);
  });

  it('keeps tokens per user: another user cannot list or delete them', async () => {
    const a = await createUser();
    const b = await createUser();
    const ca = await sessionClient(a);
    const created = (await ca.post('/api/user/tokens', { name: 'mine', expiresIn: '30d' })).json;
    const cb = await sessionClient(b);
    expect((await cb.get('/api/user/tokens')).json).toEqual([]);
    expect((await cb.delete(`/api/user/tokens/${created.id}`)).status).toBe(404);
    expect((await ca.get('/api/user/tokens')).json).toHaveLength(1);
  });

  it('read-only tokens may read but not change anything (403)', async () => {
    const user = await createUser();
    const ro = await tokenClient(user, { readOnly: true });
    expect((await ro.get('/api/user/profile')).status).toBe(200);
    const put = await ro.put('/api/user/profile', { nickname: 'nope' });
    expect(put.status).toBe(403);
    expect(put.json.error).toBe('This access token is read-only');
    const c = await sessionClient(user);
    const created = await c.post('/api/user/tokens', { name: 'reader', expiresIn: '30d', readOnly: true });
    expect(created.json.readOnly).toBe(true);
    expect(
      (await new Client({ token: created.json.token }).delete(`/api/user/tokens/${created.json.id}`)).status,
    ).toBe(403);
  });

  it('a token cannot mint more tokens (a leaked token must not outlive its expiry)', async () => {
    const user = await createUser();
    const t = await tokenClient(user);
    const res = await t.post('/api/user/tokens', { name: 'child', expiresIn: 'never' });
    expect(res.status).toBe(403);
  });
});
