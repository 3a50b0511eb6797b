// Helpers for the MCP authorization flow's tests: a registered client, PKCE pairs, the consent step as a signed-in
// browser would take it (a plain form post with the CSRF pair), and token requests.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { Client } from '../setup/client';
import { freshIp } from './account-helpers';

export const REDIRECT = 'http://127.0.0.1:7777/callback';

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** POST /oauth/register from a fresh client address (the endpoint is limited per address). */
export function register(body: unknown, ip = freshIp()) {
  return new Client({ ip }).post('/oauth/register', body);
}

export async function registeredClient(name = 'Test assistant', redirect = REDIRECT): Promise<string> {
  const res = await register({
    client_name: name,
    redirect_uris: [redirect],
    token_endpoint_auth_method: 'none',
  });
  expect(res.status, res.text).toBe(201);
  return res.json.client_id as string;
}

export function authorizePath(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `/oauth/authorize?${q}`;
}

/** A complete, valid authorization request for `clientId`. */
export function authorizeParams(
  clientId: string,
  challenge: string,
  extra: Record<string, string | undefined> = {},
) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-123',
    scope: 'mcp:read mcp:write',
    ...extra,
  };
}

/** The consent form posted by a signed-in browser: answers where the app redirects the browser. */
export async function consent(
  browser: Client,
  path: string,
  decision: 'allow' | 'deny' = 'allow',
  access: 'read' | 'write' = 'write',
): Promise<URL> {
  const csrf = 'c'.repeat(64);
  browser.cookies.set('csrf_token', csrf);
  const res = await browser.call('POST', path, {
    rawBody: new URLSearchParams({ csrf, decision, access }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status, res.text.slice(0, 300)).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** POST /oauth/token with form fields. */
export function tokenRequest(fields: Record<string, string>, ip = freshIp()) {
  return new Client({ ip }).call('POST', '/oauth/token', {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** A code for `clientId` allowed by `browser`, and the verifier that goes with it. */
export async function allowedCode(browser: Client, clientId: string, access: 'read' | 'write' = 'write') {
  const { verifier, challenge } = pkce();
  const back = await consent(browser, authorizePath(authorizeParams(clientId, challenge)), 'allow', access);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  return { code: code!, verifier };
}

/** Tokens for `clientId` through the whole flow. */
export async function connectedTokens(browser: Client, clientId: string, access: 'read' | 'write' = 'write') {
  const { code, verifier } = await allowedCode(browser, clientId, access);
  const res = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; refresh_token: string; scope: string; expires_in: number };
}
