// The MCP authorization flow (docs/decisions.md §69): discovery, registration, consent, tokens, refresh rotation,
// revocation and scope, over HTTP against the built app.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { reauthenticate } from '#server/auth/authenticate';
import { CODE_TTL_MS } from '#server/mcp-oauth/authorize.service';
import { REGISTER_PER_IP } from '#server/mcp-oauth/client.service';
import { purgeExpiredAppAuth } from '#server/mcp-oauth/grant.service';
import {
  AppClientModel,
  AppCodeModel,
  AppGrantModel,
  AppTokenModel,
} from '#server/mcp-oauth/mcp-oauth.model';
import { purgeUser } from '#server/users/account-deletion';
import { consume } from '#server/rate-limit/rate-limit.service';
import { admin, createUser, sessionClient } from '../factories';
import { Client } from '../setup/client';
import { appUrl } from '../setup/app';
import { restoreClock, skipAhead } from '../setup/clock';
import { resetDatabase } from '../setup/db';
import { awayFromWindowEnd, freshIp } from './account-helpers';
import { call, mcpClient, newToken } from './mcp-helpers';
import {
  REDIRECT,
  allowedCode,
  authorizeParams,
  authorizePath,
  connectedTokens,
  consent,
  pkce,
  register,
  registeredClient,
  tokenRequest,
} from './mcp-oauth-helpers';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const mcpPost = (token?: string) =>
  new Client().call('POST', '/api/mcp', {
    body: initialize,
    headers: { accept: 'application/json, text/event-stream', ...(token ? {} : {}) },
    token,
  });

beforeEach(resetDatabase);
afterEach(restoreClock);

describe('discovery', () => {
  it('publishes protected-resource metadata (root and path-suffixed) and authorization-server metadata', async () => {
    const origin = await appUrl();
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/mcp',
    ]) {
      const res = await new Client().get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      // Public and cacheable: no cookie rides along.
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.json).toMatchObject({
        resource: `${origin}/api/mcp`,
        authorization_servers: [origin],
        scopes_supported: ['mcp:read', 'mcp:write'],
      });
    }
    const as = await new Client().get('/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.json).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });

  it('answers the MCP endpoint without credentials with 401 naming the metadata; tokens work as before', async () => {
    await admin();
    const origin = await appUrl();
    const res = await mcpPost();
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toContain('Bearer realm="mcp"');
    expect(challenge).toContain(`resource_metadata="${origin}/.well-known/oauth-protected-resource/api/mcp"`);
    const bad = await mcpPost(`saa_${'0'.repeat(64)}`);
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const { token } = await newToken(await createUser());
    expect((await mcpPost(token)).status).toBe(200);
  });
});

describe('dynamic client registration', () => {
  it('registers a public client and answers its information', async () => {
    const res = await register({
      client_name: 'Claude',
      redirect_uris: ['https://claude.example/cb', 'http://localhost:5555/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp:read mcp:write',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      client_id: expect.stringMatching(/^mcp-[0-9a-f]{32}$/),
      client_name: 'Claude',
      redirect_uris: ['https://claude.example/cb', 'http://localhost:5555/cb'],
      token_endpoint_auth_method: 'none',
    });
    expect(res.json.client_secret).toBeUndefined();
  });

  it('refuses unsafe redirect URIs, confidential clients, unknown grants and oversized bodies', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri', /loopback/],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri', /https/],
      [{ redirect_uris: ['https://a.example/cb#frag'] }, 'invalid_redirect_uri', /fragment/],
      [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri', /absolute/],
      [{ redirect_uris: [] }, 'invalid_client_metadata', /at least one/],
      [{ redirect_uris: Array(6).fill('https://a.example/cb') }, 'invalid_client_metadata', /at most 5/],
      [{ redirect_uris: [`https://a.example/${'x'.repeat(2100)}`] }, 'invalid_client_metadata', /2000/],
      [
        { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_basic' },
        'invalid_client_metadata',
        /public clients/,
      ],
      [
        { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] },
        'invalid_client_metadata',
        /client_credentials/,
      ],
      [
        { redirect_uris: ['https://a.example/cb'], scope: 'admin' },
        'invalid_client_metadata',
        /Unknown scope/,
      ],
    ];
    for (const [body, error, description] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.error).toBe(error);
      expect(res.json.error_description).toMatch(description);
    }
    const huge = await new Client({ ip: freshIp() }).call('POST', '/oauth/register', {
      rawBody: JSON.stringify({ redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(20_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.json.error).toBe('invalid_client_metadata');
    const notJson = await new Client({ ip: freshIp() }).call('POST', '/oauth/register', {
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.json).toMatchObject({ error: 'invalid_client_metadata' });
  });

  it('reads no credentials: a registration sent with an access token is refused; CORS preflights answer', async () => {
    const { token } = await newToken(await createUser());
    const res = await new Client({ token, ip: freshIp() }).post('/oauth/register', {
      redirect_uris: ['https://a.example/cb'],
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('invalid_request');
    expect(await AppClientModel.countDocuments()).toBe(0);
    const preflight = await new Client().call('OPTIONS', '/oauth/token', {
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is limited per client address', async () => {
    awayFromWindowEnd(REGISTER_PER_IP.windowMs, 60_000);
    const ip = freshIp();
    for (let i = 1; i < REGISTER_PER_IP.max; i++) await consume(REGISTER_PER_IP, ip);
    expect((await register({ redirect_uris: ['https://a.example/cb'] }, ip)).status).toBe(201);
    const refused = await register({ redirect_uris: ['https://a.example/cb'] }, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe('too_many_requests');
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('authorization and consent', () => {
  it('sends a signed-out visitor to sign in and back; shows the app and its redirect host to the user', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient('My <b>Assistant</b>');
    const path = authorizePath(authorizeParams(clientId, pkce().challenge));
    const out = await new Client().get(path);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('My &lt;b&gt;Assistant&lt;/b&gt;');
    expect(page.text).toContain('127.0.0.1:7777');
    expect(page.text).toMatch(/name="access"[^>]*value="write"/);
    // The form's answer goes to the app: the page allows that origin as a form target, and only that one.
    expect(page.headers.get('content-security-policy')).toMatch(
      /form-action [^;]*http:\/\/127\.0\.0\.1:7777/,
    );
    expect(page.headers.get('x-form-action-origin')).toBeNull();
  });

  it('shows unknown clients and unregistered redirect URIs on our page, never redirecting to them', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const { challenge } = pkce();
    const unknown = await browser.get(authorizePath(authorizeParams(`mcp-${'0'.repeat(32)}`, challenge)));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('not registered here');
    const wrong = await browser.get(
      authorizePath(authorizeParams(clientId, challenge, { redirect_uri: 'https://evil.example/cb' })),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('did not register');
    // Nothing is issued for them either.
    const csrf = 'c'.repeat(64);
    browser.cookies.set('csrf_token', csrf);
    const posted = await browser.call(
      'POST',
      authorizePath(authorizeParams(clientId, challenge, { redirect_uri: 'https://evil.example/cb' })),
      {
        rawBody: new URLSearchParams({ csrf, decision: 'allow', access: 'write' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(posted.status).toBe(400);
    expect(posted.headers.get('location')).toBeNull();
  });

  it('sends other request errors back to the app: plain PKCE, no PKCE, bad scope, foreign resource', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const { challenge } = pkce();
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request', /S256/],
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request', /PKCE/],
      [{ response_type: 'token' }, 'unsupported_response_type', /code/],
      [{ scope: 'mcp:admin' }, 'invalid_scope', /Unknown scope/],
      [{ resource: 'https://other.example/api/mcp' }, 'invalid_target', /resource/],
    ];
    for (const [extra, error, description] of cases) {
      const res = await browser.get(authorizePath(authorizeParams(clientId, challenge, extra)));
      expect(res.status, JSON.stringify(extra)).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('error_description')).toMatch(description);
      expect(back.searchParams.get('state')).toBe('st-123');
    }
  });

  it('refuses a consent post without the CSRF pair, and answers Deny with access_denied', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const path = authorizePath(authorizeParams(clientId, pkce().challenge));
    const forged = await browser.call('POST', path, {
      rawBody: new URLSearchParams({ decision: 'allow', access: 'write' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
    const denied = await consent(browser, path, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-123');
    expect(denied.searchParams.get('code')).toBeNull();
  });
});

describe('token endpoint', () => {
  it('exchanges a code once, with its verifier, client and redirect URI; errors in the RFC 6749 shape', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const other = await registeredClient('Other');
    const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
      tokenRequest({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: REDIRECT,
        ...extra,
      });

    const a = await allowedCode(browser, clientId);
    const wrongVerifier = await exchange(a.code, pkce().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.json).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge',
    });
    expect(wrongVerifier.headers.get('cache-control')).toBe('no-store');
    // A failed attempt used the code up.
    expect((await exchange(a.code, a.verifier)).json.error).toBe('invalid_grant');

    const b = await allowedCode(browser, clientId);
    const ok = await exchange(b.code, b.verifier);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      access_token: expect.stringMatching(/^saa_[0-9a-f]{64}$/),
      refresh_token: expect.stringMatching(/^sar_[0-9a-f]{64}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'mcp:read mcp:write',
    });
    const reused = await exchange(b.code, b.verifier);
    expect(reused.json).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code is invalid or was already used',
    });

    const c = await allowedCode(browser, clientId);
    const wrongRedirect = await exchange(c.code, c.verifier, { redirect_uri: 'http://127.0.0.1:7777/other' });
    expect(wrongRedirect.json.error_description).toMatch(/redirect_uri does not match/);

    const d = await allowedCode(browser, clientId);
    const wrongClient = await exchange(d.code, d.verifier, { client_id: other });
    expect(wrongClient.json.error_description).toMatch(/another client/);

    const unknown = await exchange('x', 'y'.repeat(43), { client_id: `mcp-${'0'.repeat(32)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.json.error).toBe('invalid_client');

    const e = await allowedCode(browser, clientId);
    skipAhead(CODE_TTL_MS + 1000);
    const expired = await exchange(e.code, e.verifier);
    expect(expired.json).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code has expired',
    });

    expect((await tokenRequest({ grant_type: 'password' })).json.error).toBe('unsupported_grant_type');
    expect((await tokenRequest({ code: 'x' })).json).toMatchObject({ error: 'invalid_request' });
    const json = await new Client({ ip: freshIp() }).post('/oauth/token', {
      grant_type: 'authorization_code',
    });
    expect(json.json.error).toBe('invalid_request');
  });

  it('rotates refresh tokens: each works once, and the new access token works', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const first = await connectedTokens(browser, clientId);
    const refresh = (token: string) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');
    expect((await mcpPost(second.json.access_token)).status).toBe(200);
    expect((await refresh(second.json.refresh_token)).status).toBe(200);
  });
});

describe('app connections', () => {
  it('work only at the MCP endpoint, list beside the tokens, and die at once when revoked', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient('Claude Desktop');
    const tokens = await connectedTokens(browser, clientId);
    const client = await mcpClient(tokens.access_token);
    expect((await call(client, 'create_tag', { name: 'From the app' })).isError).toBe(false);
    // The token's audience is the MCP endpoint: the JSON API and pages do not take it.
    expect((await new Client({ token: tokens.access_token }).get('/api/tags')).status).toBe(401);
    expect((await new Client({ token: tokens.access_token }).get('/api/user/apps')).status).toBe(401);

    const listed = await browser.get('/api/user/apps');
    expect(listed.json).toEqual([
      expect.objectContaining({
        clientName: 'Claude Desktop',
        redirectHost: '127.0.0.1:7777',
        readOnly: false,
      }),
    ]);
    await expect.poll(async () => (await browser.get('/api/user/apps')).json[0].lastUsedAt).not.toBeNull();
    const profile = await browser.get('/profile');
    expect(profile.text).toContain('Claude Desktop');
    expect(profile.text).toContain('App connection');

    const id = listed.json[0].id as string;
    expect((await browser.call('DELETE', `/api/user/apps/${id}`)).status).toBe(200);
    expect((await mcpPost(tokens.access_token)).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.json.error).toBe('invalid_grant');
    expect(await AppTokenModel.countDocuments({ grantId: id })).toBe(0);
    expect((await browser.get('/api/user/apps')).json).toEqual([]);
    await client.close().catch(() => {});
  });

  it('are revoked from the profile page with a confirm step; another user cannot revoke them', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient('Cursor');
    const tokens = await connectedTokens(browser, clientId);
    const id = (await browser.get('/api/user/apps')).json[0].id as string;
    const bob = await sessionClient(await createUser({ username: 'bob' }));
    expect((await bob.call('DELETE', `/api/user/apps/${id}`)).status).toBe(404);

    const csrf = 'c'.repeat(64);
    browser.cookies.set('csrf_token', csrf);
    const post = (fields: Record<string, string>) =>
      browser.call('POST', '/profile', {
        rawBody: new URLSearchParams({ csrf, intent: 'app-revoke', id, ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const step = await post({});
    expect(step.headers.get('location')).toBe(`/profile?revoke-app=${id}#tokens`);
    expect((await browser.get(`/profile?revoke-app=${id}`)).text).toContain('Revoke the connection of');
    expect((await mcpPost(tokens.access_token)).status).toBe(200);
    expect((await post({ confirm: 'on' })).status).toBe(302);
    expect((await mcpPost(tokens.access_token)).status).toBe(401);
  });

  it('a read-only grant sees and may call only the read tools, also after a refresh', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const tokens = await connectedTokens(browser, clientId, 'read');
    expect(tokens.scope).toBe('mcp:read');
    const client = await mcpClient(tokens.access_token);
    const { tools } = await client.listTools();
    expect(tools.some((t) => t.name === 'create_tag')).toBe(false);
    expect(tools.some((t) => t.name === 'list_tags')).toBe(true);
    expect(await call(client, 'create_tag', { name: 'Nope' })).toEqual({
      isError: true,
      json: { error: 'This access token is read-only' },
    });
    expect((await call(client, 'list_tags')).isError).toBe(false);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
      scope: 'mcp:read mcp:write',
    });
    expect(refreshed.json.error).toBe('invalid_scope');
    await client.close();
  });

  it('a request asking only to read cannot be granted writing', async () => {
    const { client: browser } = await admin();
    const clientId = await registeredClient();
    const { verifier, challenge } = pkce();
    const path = authorizePath(authorizeParams(clientId, challenge, { scope: 'mcp:read' }));
    expect((await browser.get(path)).text).not.toMatch(/name="access"[^>]*value="write"/);
    const back = await consent(browser, path, 'allow', 'write');
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(res.json.scope).toBe('mcp:read');
  });

  it('go with their account; maintenance sweeps expired codes and tokens and clients nobody allowed', async () => {
    const { client: browser } = await admin();
    const bob = await createUser({ username: 'bob' });
    const bobBrowser = await sessionClient(bob);
    const allowed = await registeredClient('Allowed');
    const unused = await registeredClient('Never allowed');
    const bobTokens = await connectedTokens(bobBrowser, allowed);
    await allowedCode(browser, allowed);
    await purgeUser(bob._id);
    expect(await AppGrantModel.countDocuments({ userId: bob._id })).toBe(0);
    expect(await AppTokenModel.countDocuments({ userId: bob._id })).toBe(0);
    expect((await mcpPost(bobTokens.access_token)).status).toBe(401);

    const mine = await connectedTokens(browser, allowed);
    expect(await AppCodeModel.countDocuments()).toBe(1);
    skipAhead(2 * 86_400_000);
    await purgeExpiredAppAuth();
    // The unexchanged code and the access token have expired; the refresh token (30 days) stays.
    expect(await AppCodeModel.countDocuments()).toBe(0);
    expect((await AppTokenModel.find().lean()).map((t) => t.kind)).toEqual(['refresh']);
    expect(await AppClientModel.exists({ _id: unused })).toBeNull();
    expect(await AppClientModel.exists({ _id: allowed })).not.toBeNull();
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: mine.refresh_token,
      client_id: allowed,
    });
    expect(refreshed.status).toBe(200);
  });

  it('ends a legacy SSE stream opened with the app token when the connection is revoked', async () => {
    const { client: browser } = await admin();
    const tokens = await connectedTokens(browser, await registeredClient());
    const res = await fetch(`${await appUrl()}/api/mcp/sse`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: endpoint');
    // What the stream checks every few seconds: the token still names its user.
    const again = new Request(`${await appUrl()}/api/mcp/sse`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect((await reauthenticate(again))?.userId).toBe(ADMIN_ID);
    const id = (await browser.get('/api/user/apps')).json[0].id as string;
    expect((await browser.call('DELETE', `/api/user/apps/${id}`)).status).toBe(200);
    expect(await reauthenticate(again)).toBeNull();
    // The stream ends at its next check of the token (before: it would run until 30 minutes idle).
    for (;;) if ((await reader.read()).done) break;
  }, 20_000);
});
