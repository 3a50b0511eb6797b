// Walks the route table (app/routes.ts) and checks the guard of every method of every /api route over HTTP
// (page routes: auth-matrix-pages.test.ts):
// protected routes answer 401 without credentials, admin routes 403 for a signed-in non-admin and for a
// non-admin's token, user routes accept a valid Bearer token (and refuse a read-only one on changes). Routes added
// later are covered automatically; a route module that is not built with apiRoute must be listed in UNWRAPPED.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/auth/passwords';
import { createSession } from '#server/auth/session.store';
import { bindProvider } from '#server/oauth/oauth-accounts.service';
import { OAuthAccountModel } from '#server/oauth/oauth.model';
import { createToken } from '#server/tokens/token.service';
import { UserModel, type UserDoc } from '#server/users/user.model';
import type { Role } from '#server/actor';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { allRoutes, isApiPath, urlOf } from './route-table';
import { createUser } from '../factories';
import { loginClient } from './account-helpers';
import { configure, githubFlow, setUpAdmin, startProviders, type Providers } from './oauth-helpers';

type Level = 'public' | 'optional' | 'user' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Route modules under /api that do their own authentication (so have no `.auth` map). */
// The MCP routes speak JSON-RPC, not apiRoute's JSON; their own tests (mcp*.test.ts) cover their guard.
const UNWRAPPED = new Set([
  'routes/api/not-found.ts',
  'routes/api/mcp.ts',
  'routes/api/mcp.sse.ts',
  'routes/api/mcp.sse.messages.ts',
]);
// Under /api/admin but deliberately open to any signed-in user: the older service served the editor bootstrap to
// every user (tokens included) with their own data, and it only ever returns the caller's space (docs/api.md).
const ADMIN_PATH_FOR_USERS = new Set(['api/admin/bootstrap']);

const apiRoutes = allRoutes.filter((r) => isApiPath(r.path));

/** A concrete URL for a route pattern: parameters get placeholder values. */
const placeholderUrl = (pattern: string) => urlOf(pattern, (name) => `${name}-placeholder`);

// Each walk makes hundreds of requests; the machine may be shared.
const WALK_TIMEOUT = 180_000;

let passwordHash: string;
async function makeUser(role: Role): Promise<UserDoc> {
  const username = `m${randomUUID().slice(0, 12)}`;
  const now = new Date();
  const doc: UserDoc = {
    _id: `user-${randomUUID()}`,
    username,
    usernameKey: username,
    passwordHash,
    hasPassword: true,
    role,
    nickname: username,
    avatarAssetId: null,
    avatarColor: '#60a5fa',
    usernameChanged: false,
    createdAt: now,
    updatedAt: now,
  };
  await UserModel.create(doc);
  return doc;
}

async function cookieClient(user: UserDoc): Promise<Client> {
  const { token } = await createSession(user._id, { persistent: false });
  const c = new Client();
  c.cookies.set('sakura-nav-session', token);
  return c;
}

async function bearer(user: UserDoc, readOnly = false): Promise<Client> {
  const actor = { userId: user._id, username: user.username, role: user.role, via: 'session' as const };
  const { token } = await createToken(actor, { name: 'matrix', expiresIn: '30d', readOnly });
  return new Client({ token });
}

function send(c: Client, method: Method, url: string) {
  // Every changing request carries an empty JSON object: enough to get past the guard, never enough to act.
  return c.call(method, url, method === 'GET' ? {} : { body: {} });
}

interface Case {
  route: string;
  url: string;
  method: Method;
  level: Level;
}

const cases: Case[] = [];
const modules = new Map<string, { auth?: Partial<Record<Method, Level>> }>();

beforeAll(async () => {
  await resetDatabase();
  passwordHash = await hashPassword('Secret123');
  for (const r of apiRoutes) {
    if (r.path.includes('*')) continue;
    const mod = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../../app', r.file))) as {
      loader?: { auth?: Partial<Record<Method, Level>> };
    };
    modules.set(r.file, { auth: mod.loader?.auth });
    for (const [method, level] of Object.entries(mod.loader?.auth ?? {}) as [Method, Level][]) {
      cases.push({ route: r.path, url: placeholderUrl(r.path), method, level });
    }
  }
});

describe('auth matrix over the route table', () => {
  it('finds the /api routes, each built with apiRoute (or listed as unwrapped)', () => {
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const r of apiRoutes) {
      if (UNWRAPPED.has(r.file)) continue;
      expect(
        modules.get(r.file)?.auth,
        `${r.file} exports no apiRoute loader with an .auth map`,
      ).toBeTruthy();
    }
    expect(cases.some((c) => c.level === 'admin')).toBe(true);
    expect(cases.some((c) => c.level === 'user')).toBe(true);
  });

  it('routes under /api/admin and /api/config are admin-only; those under /api/user need a user', () => {
    for (const c of cases) {
      if (ADMIN_PATH_FOR_USERS.has(c.route)) expect(c.level, `${c.method} /${c.route}`).toBe('user');
      else if (/^api\/(admin|config)\//.test(c.route))
        expect(c.level, `${c.method} /${c.route}`).toBe('admin');
      if (/^api\/user\//.test(c.route))
        expect(['user', 'admin'], `${c.method} /${c.route}`).toContain(c.level);
    }
  });

  it(
    'protected routes answer 401 without credentials and with a bad token',
    async () => {
      const anonymous = new Client();
      const badToken = new Client({ token: `sak_${'0'.repeat(64)}` });
      for (const c of cases.filter((x) => x.level === 'user' || x.level === 'admin')) {
        const res = await send(anonymous, c.method, c.url);
        expect(res.status, `${c.method} ${c.url} without credentials`).toBe(401);
        expect(res.json?.code, `${c.method} ${c.url} error body`).toBe('unauthorized');
        expect((await send(badToken, c.method, c.url)).status, `${c.method} ${c.url} with a bad token`).toBe(
          401,
        );
      }
    },
    WALK_TIMEOUT,
  );

  it(
    'admin routes answer 403 to a signed-in non-admin and to a non-admin token, and accept an admin token',
    async () => {
      for (const c of cases.filter((x) => x.level === 'admin')) {
        const user = await makeUser('user');
        const viaCookie = await send(await cookieClient(user), c.method, c.url);
        expect(viaCookie.status, `${c.method} ${c.url} as a user (cookie)`).toBe(403);
        const viaToken = await send(await bearer(user), c.method, c.url);
        expect(viaToken.status, `${c.method} ${c.url} with a user's token`).toBe(403);
        const admin = await makeUser('admin');
        const asAdmin = await send(await bearer(admin), c.method, c.url);
        expect([401, 403], `${c.method} ${c.url} with an admin's token: ${asAdmin.text}`).not.toContain(
          asAdmin.status,
        );
      }
    },
    WALK_TIMEOUT,
  );

  it(
    'user routes work with a valid Bearer token; a read-only token may only read',
    async () => {
      // Routes a browser session may use but no access token (docs/api.md): a leaked token must not destroy an account.
      const sessionOnly = new Set(['POST /api/user/delete-account']);
      // POSTs that only read (the interface makes the data export a POST): a read-only token may call them.
      const readingPosts = new Set([
        'POST /api/user/data/export',
        'POST /api/user/data/detect',
        'POST /api/site-cards/import-preview',
      ]);
      for (const c of cases.filter((x) => x.level === 'user')) {
        // A fresh user each time: a call may act on its account (e.g. delete it).
        const res = await send(await bearer(await makeUser('user')), c.method, c.url);
        if (sessionOnly.has(`${c.method} ${c.url}`)) {
          expect(res.status, `${c.method} ${c.url} with a token`).toBe(403);
          continue;
        }
        expect([401, 403], `${c.method} ${c.url} with a token: ${res.text}`).not.toContain(res.status);
        const ro = await send(await bearer(await makeUser('user'), true), c.method, c.url);
        if (c.method === 'GET' || readingPosts.has(`${c.method} ${c.url}`)) {
          expect([401, 403], `${c.method} ${c.url} with a read-only token`).not.toContain(ro.status);
        } else {
          expect(ro.status, `${c.method} ${c.url} with a read-only token`).toBe(403);
        }
      }
    },
    WALK_TIMEOUT,
  );

  it(
    'optional and public routes never answer 401 to a bad token',
    async () => {
      const badToken = new Client({ token: `sak_${'0'.repeat(64)}` });
      for (const c of cases.filter((x) => x.level === 'optional' || x.level === 'public')) {
        const res = await send(badToken, c.method, c.url);
        expect(res.status, `${c.method} ${c.url}`).not.toBe(401);
      }
    },
    WALK_TIMEOUT,
  );
});

describe("an administrator in a user's account (impersonation)", () => {
  let p: Providers;
  beforeAll(async () => {
    p = await startProviders();
  });
  afterAll(async () => {
    await p?.close();
  });

  it(
    'may change none of its ways in: tokens, password, username, deletion, unbinding, and binding a provider',
    async () => {
      await resetDatabase();
      await configure(await setUpAdmin(), p);
      const ada = await createUser({ role: 'admin', username: 'ada' });
      const olga = await createUser({ username: 'olga' });
      const browser = await loginClient('ada');
      expect((await browser.post('/api/auth/switch', { userId: olga._id })).status).toBe(200);
      const refused = {
        token: await browser.post('/api/user/tokens', { name: 'x', expiresIn: 'never', readOnly: false }),
        password: await browser.put('/api/user/password', {
          oldPassword: 'Secret123',
          newPassword: 'Changed123',
          confirmPassword: 'Changed123',
        }),
        username: await browser.put('/api/user/username', { username: 'olga2' }),
        deletion: await browser.post('/api/user/delete-account', { confirm: 'olga' }),
        unbind: await browser.delete('/api/user/oauth-bind', { body: { provider: 'github' } }),
      };
      for (const [what, res] of Object.entries(refused)) expect(res.status, what).toBe(403);

      // Binding: the start is refused (before: it went to the provider and the callback bound the admin's
      // own GitHub account to olga).
      const start = await browser.get('/api/auth/oauth/github');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/profile?oauth=error&reason=holder#connections');
      // The service refuses it too, whatever calls it.
      const opened = {
        userId: olga._id,
        username: olga.username,
        role: olga.role,
        via: 'session' as const,
        impersonatedBy: ada._id,
      };
      await expect(
        bindProvider(opened, 'github', { id: '1001', displayName: 'Octo Cat', avatarUrl: null, email: null }),
      ).rejects.toMatchObject({ code: 'forbidden' });
      expect(await OAuthAccountModel.countDocuments({ userId: olga._id })).toBe(0);

      // Demoted, the admin's own GitHub account is no way into olga's account.
      await UserModel.updateOne({ _id: ada._id }, { $set: { role: 'user' } });
      const elsewhere = new Client();
      const back = await githubFlow(elsewhere, '?mode=login');
      expect(back.status).toBe(302);
      expect((await elsewhere.get('/api/auth/session')).json.userId).not.toBe(olga._id);
    },
    WALK_TIMEOUT,
  );
});

/** Every way of writing `/api/mcp` in upper and lower case letters (64), and one with a letter percent-encoded. */
function mcpPrefixes(): string[] {
  const letters = 'apimcp';
  const out: string[] = [];
  for (let mask = 0; mask < 1 << letters.length; mask++) {
    const cased = [...letters].map((ch, i) => (mask & (1 << i) ? ch.toUpperCase() : ch)).join('');
    out.push(`/${cased.slice(0, 3)}/${cased.slice(3)}`);
  }
  return [...out, '/api/%6Dcp', '/api/%4dCP'];
}

describe('the MCP endpoint takes access tokens only, whatever the letter case of its path', () => {
  it(
    'refuses a browser session (401) on every spelling of /api/mcp, /api/mcp/sse and /api/mcp/sse/messages',
    async () => {
      await resetDatabase();
      passwordHash = await hashPassword('Secret123');
      await createUser({ role: 'admin' }); // a set-up instance: pages answer rather than send to /setup
      const browser = await cookieClient(await makeUser('user'));
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      };
      const accept = { accept: 'application/json, text/event-stream' };
      for (const prefix of mcpPrefixes()) {
        const mcp = await browser.call('POST', prefix, {
          body: initialize,
          headers: accept,
          sameOrigin: false,
        });
        expect(mcp.status, `POST ${prefix} with a session cookie`).toBe(401);
        const sse = await browser.call('GET', `${prefix}/sse`, { sameOrigin: false });
        expect(sse.status, `GET ${prefix}/sse with a session cookie`).toBe(401);
        const upper = await browser.call('GET', `${prefix}/SSE`, { sameOrigin: false });
        expect(upper.status, `GET ${prefix}/SSE with a session cookie`).toBe(401);
        const messages = await browser.call('POST', `${prefix}/Sse/Messages?sessionId=x`, {
          body: initialize,
          sameOrigin: false,
        });
        expect(messages.status, `POST ${prefix}/Sse/Messages with a session cookie`).toBe(401);
      }
      // A token still works on any spelling (the same route), and the JSON API treats its paths alike.
      const token = await bearer(await makeUser('user'));
      const viaToken = await token.call('POST', '/API/Mcp', { body: initialize, headers: accept });
      expect(viaToken.status).toBe(200);
      expect((await token.get('/API/Tags')).status).toBe(200);
    },
    WALK_TIMEOUT,
  );
});
