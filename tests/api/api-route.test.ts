import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSession } from '#server/auth/session.store';
import { AppError } from '#server/errors';
import { createToken } from '#server/tokens/token.service';
import { UserModel } from '#server/users/user.model';
import { apiRoute } from '~/lib/api.server';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';

// A loopback origin: the only kind trusted without PUBLIC_URL when no server set the listening address.
const ORIGIN = 'http://localhost';

const handle = apiRoute({
  GET: {
    auth: 'public',
    query: z.object({ n: z.coerce.number().int().max(10).optional() }),
    run: ({ query }) => ({ n: query.n ?? 0 }),
  },
  POST: {
    auth: 'user',
    body: z.object({ name: z.string().min(1, 'Name is required') }),
    bodyLimit: 200,
    run: ({ body, actor }) => ({ hello: body.name, userId: actor.userId }),
  },
  PUT: { auth: 'admin', run: ({ actor }) => ({ admin: actor.userId }) },
  PATCH: { auth: 'optional', run: ({ actor }) => ({ actor: actor?.userId ?? null }) },
  DELETE: {
    auth: 'public',
    run: () => {
      throw new AppError('conflict', 'Already gone', { id: 'x' });
    },
  },
});

function call(method: string, init: { body?: string; headers?: Record<string, string>; url?: string } = {}) {
  const request = new Request(init.url ?? `${ORIGIN}/api/thing`, {
    method,
    body: init.body,
    headers: init.headers,
  });
  return handle({ request, params: {} }) as Promise<Response>;
}

async function user(role: 'admin' | 'user', id: string) {
  await UserModel.create({
    _id: id,
    username: id,
    usernameKey: id,
    passwordHash: null,
    role,
    avatarColor: '#000',
  });
  const { token } = await createSession(id, { persistent: false });
  return { cookie: `sakura-nav-session=${token}`, id };
}

describe('apiRoute wrapper', () => {
  beforeEach(resetDatabase);

  it('answers public GET and parses the query with zod', async () => {
    const res = await call('GET', { url: `${ORIGIN}/api/thing?n=4` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 4 });
  });

  it('rejects a bad query with 400 and field details', async () => {
    const res = await call('GET', { url: `${ORIGIN}/api/thing?n=99` });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.error).toMatch(/^n: /);
    expect(body.details[0].path).toBe('n');
  });

  it('answers 405 with Allow for a method without a handler', async () => {
    const h = apiRoute({ GET: { auth: 'public', run: () => ({}) } });
    const res = (await h({
      request: new Request(`${ORIGIN}/x`, { method: 'POST' }),
      params: {},
    })) as Response;
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await res.json()).code).toBe('method_not_allowed');
  });

  it('requires a user: 401 JSON without credentials', async () => {
    const res = await call('POST', { body: '{"name":"a"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized', error: expect.any(String) });
  });

  it('accepts a session cookie and a Bearer token for user routes', async () => {
    const u = await user('user', 'user-1');
    const viaCookie = await call('POST', {
      body: '{"name":"cookie"}',
      headers: { cookie: u.cookie, 'content-type': 'application/json', origin: ORIGIN },
    });
    expect(viaCookie.status).toBe(200);
    expect(await viaCookie.json()).toEqual({ hello: 'cookie', userId: 'user-1' });

    const { token } = await createToken(
      { userId: 'user-1', username: 'user-1', role: 'user', via: 'session' },
      {
        name: 't',
        expiresIn: '30d',
        readOnly: false,
      },
    );
    const viaToken = await call('POST', {
      body: '{"name":"token"}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(viaToken.status).toBe(200);
    expect((await viaToken.json()).hello).toBe('token');
  });

  it('answers 401 for an unknown or malformed sak_ token on a protected route', async () => {
    const res = await call('POST', {
      body: '{"name":"x"}',
      headers: { authorization: `Bearer sak_${'0'.repeat(64)}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/invalid, expired or revoked/);
  });

  it('treats a bad token as a visitor on optional routes', async () => {
    const res = await call('PATCH', { headers: { authorization: `Bearer sak_${'1'.repeat(64)}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ actor: null });
  });

  it('requires the admin role: 403 for users, 200 for admins', async () => {
    const u = await user('user', 'user-2');
    const a = await user('admin', '__admin__');
    const asUser = await call('PUT', { headers: { cookie: u.cookie, origin: ORIGIN } });
    expect(asUser.status).toBe(403);
    expect((await asUser.json()).code).toBe('forbidden');
    const asAdmin = await call('PUT', { headers: { cookie: a.cookie, origin: ORIGIN } });
    expect(asAdmin.status).toBe(200);
  });

  it('refuses a cookie-authenticated change from a foreign Origin (CSRF)', async () => {
    const u = await user('user', 'user-3');
    const res = await call('POST', {
      body: '{"name":"x"}',
      headers: { cookie: u.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('csrf_failed');
    const crossSite = await call('POST', {
      body: '{"name":"x"}',
      headers: { cookie: u.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('checks an x-csrf-token header against the csrf_token cookie when one is sent', async () => {
    const u = await user('user', 'user-4');
    const token = 'a'.repeat(64);
    const headers = {
      'content-type': 'application/json',
      origin: ORIGIN,
      cookie: `${u.cookie}; csrf_token=${token}`,
    };
    const bad = await call('POST', {
      body: '{"name":"x"}',
      headers: { ...headers, 'x-csrf-token': 'b'.repeat(64) },
    });
    expect(bad.status).toBe(403);
    const good = await call('POST', { body: '{"name":"x"}', headers: { ...headers, 'x-csrf-token': token } });
    expect(good.status).toBe(200);
  });

  it('answers 400 for malformed JSON and for a missing body', async () => {
    const u = await user('user', 'user-5');
    const headers = { cookie: u.cookie, 'content-type': 'application/json', origin: ORIGIN };
    const malformed = await call('POST', { body: '{"name":', headers });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('invalid_json');
    const empty = await call('POST', { body: '', headers });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe('Request body is required');
    const invalid = await call('POST', { body: '{"name":""}', headers });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      code: 'validation_failed',
      error: 'name: Name is required',
    });
  });

  it('answers 413 when the body passes the limit, while streaming', async () => {
    const u = await user('user', 'user-6');
    const big = JSON.stringify({ name: 'x'.repeat(500) });
    // A streamed body has no Content-Length, so the limit must hold while reading.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const request = new Request(`${ORIGIN}/api/thing`, {
      method: 'POST',
      body: stream,
      headers: { cookie: u.cookie, 'content-type': 'application/json', origin: ORIGIN },
      duplex: 'half',
    } as RequestInit);
    const res = (await handle({ request, params: {} })) as Response;
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('answers 415 for a form body on a JSON route', async () => {
    const u = await user('user', 'user-7');
    const res = await call('POST', {
      body: 'name=x',
      headers: { cookie: u.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(res.status).toBe(415);
  });

  it('maps AppError to its status with message, code and details', async () => {
    const res = await call('DELETE');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Already gone', code: 'conflict', details: { id: 'x' } });
  });
});

describe('/api over HTTP', () => {
  it('answers JSON 404 for unknown /api paths, for every method', async () => {
    const c = new Client();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await c.call(method, '/api/does/not/exist');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.json).toEqual({ error: 'No API endpoint at /api/does/not/exist', code: 'not_found' });
    }
  });

  it('answers 400 JSON, not HTML, for malformed JSON', async () => {
    const res = await new Client().call('POST', '/api/setup', {
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_json');
  });
});
