// An AI assistant connects through the MCP authorization flow (docs/decisions.md §69): the person is sent to sign
// in and back to our consent page, allows read-only access, and the browser returns to the app with a code; the
// connection shows beside the tokens and is revoked there. JavaScript on and off.
import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';
import { ADMIN } from './instance';

test.describe.configure({ mode: 'serial' });

/** The app's callback: a loopback address nothing listens on, answered by the browser context. */
const CALLBACK = 'http://127.0.0.1:9/callback';

async function answerCallback(context: BrowserContext) {
  await context.route(`${CALLBACK}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Connected</title><p>Connected</p>',
    }),
  );
}

/**
 * Clicks, and answers the address the browser was sent to on the client's callback (with its query) once the page
 * has landed there. Watched as a request: the headless browser shows a redirect that the route above does not
 * answer as `chrome-error://` rather than at its address.
 */
async function toCallback(page: Page, click: () => Promise<void>): Promise<URL> {
  const request = page.waitForRequest((r) => r.isNavigationRequest() && r.url().startsWith(`${CALLBACK}?`));
  const landed = page.waitForEvent(
    'framenavigated',
    (f) => f === page.mainFrame() && (f.url().startsWith(CALLBACK) || f.url().startsWith('chrome-error:')),
  );
  await click();
  const [sent] = await Promise.all([request, landed]);
  return new URL(sent.url());
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function registerApp(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/oauth/register', {
    data: { client_name: name, redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).client_id as string;
}

function authorizeUrl(clientId: string, challenge: string, state: string) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: 'mcp:read mcp:write',
  });
  return `/oauth/authorize?${q}`;
}

const mcpInitialize = (page: Page, token: string) =>
  page.request.post('/api/mcp', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
    },
  });

test('an assistant is allowed read-only after signing in, listed beside the tokens, and revoked', async ({
  page,
  context,
}, info) => {
  await answerCallback(context);
  const clientId = await registerApp(page, 'E2E Assistant');
  const { verifier, challenge } = pkce();

  // Signed out: the consent page sends the person to sign in, and back.
  await page.goto(authorizeUrl(clientId, challenge, 'state-1'));
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await waitForHydration(page, info);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(
    page.getByRole('heading', { name: 'E2E Assistant wants to use your dashboard' }),
  ).toBeVisible();
  await expect(page.getByText('127.0.0.1:9', { exact: true })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'mcp-consent');
  await page.getByLabel(/Read only/).check();
  const back = await toCallback(page, () => page.getByRole('button', { name: 'Allow' }).click());
  expect(back.searchParams.get('state')).toBe('state-1');
  const code = back.searchParams.get('code')!;
  expect(code).toBeTruthy();
  const tokenRes = await page.request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: CALLBACK,
    },
  });
  expect(tokenRes.status(), await tokenRes.text()).toBe(200);
  const tokens = await tokenRes.json();
  expect(tokens.scope).toBe('mcp:read');
  expect((await mcpInitialize(page, tokens.access_token)).status()).toBe(200);

  // The connection is listed with the tokens, and revoked there (a confirm step).
  await page.goto('/profile#tokens');
  await waitForHydration(page, info);
  const row = page.locator('.item-list li', { hasText: 'E2E Assistant' });
  await expect(row).toContainText('App connection');
  await expect(row).toContainText('Read-only');
  await reviewPage(page, info, 'mcp-app-connection');
  await page.getByRole('link', { name: 'Revoke the connection of E2E Assistant' }).click();
  await expect(
    page.getByRole('heading', { name: 'Revoke the connection of "E2E Assistant"?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The connection was revoked')).toBeVisible();
  await expect(page.locator('.item-list li', { hasText: 'E2E Assistant' })).toHaveCount(0);
  expect((await mcpInitialize(page, tokens.access_token)).status()).toBe(401);
});

test('Deny sends the person back to the app with access_denied; the page in Chinese', async ({
  page,
  context,
  baseURL,
}, info) => {
  await answerCallback(context);
  await signInAs(context, info);
  const clientId = await registerApp(page, 'Denied Assistant');
  await page.goto(authorizeUrl(clientId, pkce().challenge, 'state-2'));
  await waitForHydration(page, info);
  const back = await toCallback(page, () => page.getByRole('button', { name: 'Deny' }).click());
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe('state-2');
  expect(back.searchParams.get('code')).toBeNull();

  await context.addCookies([{ name: 'lang', value: 'zh', url: String(baseURL) }]);
  await page.goto(authorizeUrl(clientId, pkce().challenge, 'state-3'));
  await expect(page.getByRole('heading', { name: 'Denied Assistant 想要使用你的导航页' })).toBeVisible();
  await expect(page.getByRole('button', { name: '允许' })).toBeVisible();
  await reviewPage(page, info, 'mcp-consent-zh');
});
