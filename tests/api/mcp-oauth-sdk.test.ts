// The official MCP SDK's client connecting through the MCP authorization flow (docs/decisions.md §69): its OAuth
// client provider discovers the metadata from the 401, registers itself, sends the user to our consent page (taken
// here over HTTP as a signed-in browser would) and exchanges the code; later it refreshes the expired token.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACCESS_TTL_MS } from '#server/mcp-oauth/grant-token.service';
import { admin } from '../factories';
import type { Client } from '../setup/client';
import { appUrl } from '../setup/app';
import { restoreClock, skipAhead } from '../setup/clock';
import { resetDatabase } from '../setup/db';
import { call } from './mcp-helpers';
import { REDIRECT, consent } from './mcp-oauth-helpers';

/** An assistant's memory of its connection, and a user who answers the consent page in their browser. */
class TestProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  code?: string;
  authorizationUrl?: URL;
  constructor(
    private readonly browser: Client,
    private readonly access: 'read' | 'write',
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK test assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'sdk-state';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    // The browser is sent to our consent page; the user allows, and the app is called back with the code.
    const back = await consent(this.browser, url.pathname + url.search, 'allow', this.access);
    expect(back.searchParams.get('state')).toBe('sdk-state');
    this.code = back.searchParams.get('code') ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

async function connect(url: URL, provider: TestProvider): Promise<McpClient> {
  const client = new McpClient({ name: 'sdk-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return client;
}

beforeEach(resetDatabase);
afterEach(restoreClock);

it('the SDK client connects after consent, uses the tools, and refreshes its token when it expires', async () => {
  const { client: browser } = await admin();
  const url = new URL('/api/mcp', await appUrl());
  const provider = new TestProvider(browser, 'write');

  // First contact: 401 → discovery → registration → our consent page → a code.
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new McpClient({ name: 'x', version: '1' }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.client?.client_id).toMatch(/^mcp-/);
  expect(provider.authorizationUrl?.pathname).toBe('/oauth/authorize');
  expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(url.toString());
  expect(provider.code).toBeTruthy();
  await first.finishAuth(provider.code!);
  expect(provider.saved?.access_token).toMatch(/^saa_/);

  const client = await connect(url, provider);
  expect(client.getServerVersion()?.name).toBe('Sakura Dash');
  const tag = await call(client, 'create_tag', { name: 'Made by the assistant' });
  expect(tag.isError).toBe(false);
  expect((await browser.get('/api/tags')).json.items.map((t: { name: string }) => t.name)).toContain(
    'Made by the assistant',
  );
  const listed = (await browser.get('/api/user/apps')).json;
  expect(listed).toEqual([expect.objectContaining({ clientName: 'SDK test assistant', readOnly: false })]);

  // An hour later the access token has expired: the SDK refreshes it (rotation) and carries on.
  const before = provider.saved!;
  skipAhead(ACCESS_TTL_MS + 60_000);
  expect((await call(client, 'list_tags')).isError).toBe(false);
  expect(provider.saved!.access_token).not.toBe(before.access_token);
  expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  await client.close();
});

it('a read-only connection made with the SDK cannot call write tools', async () => {
  const { client: browser } = await admin();
  const url = new URL('/api/mcp', await appUrl());
  const provider = new TestProvider(browser, 'read');
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new McpClient({ name: 'x', version: '1' }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  await first.finishAuth(provider.code!);
  expect(provider.saved?.scope).toBe('mcp:read');
  const client = await connect(url, provider);
  const { tools } = await client.listTools();
  expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
  expect((await call(client, 'create_tag', { name: 'Nope' })).json.error).toBe(
    'This access token is read-only',
  );
  await client.close();
});
