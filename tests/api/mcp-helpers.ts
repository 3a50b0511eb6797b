import { expect } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { createToken } from '#server/tokens/token.service';
import type { UserDoc } from '#server/users/user.model';
import { actorOf } from '../factories';
import { appUrl } from '../setup/app';

export async function newToken(user: UserDoc, readOnly = false): Promise<{ token: string; id: string }> {
  const t = await createToken(actorOf(user), { name: 'mcp', expiresIn: '30d', readOnly });
  return { token: t.token, id: t.id };
}

/** The SDK's own client over Streamable HTTP (or the legacy SSE transport), authenticated with a token. */
export async function mcpClient(
  token: string,
  transport: 'http' | 'sse' = 'http',
  base?: string,
  extraHeaders: Record<string, string> = {},
): Promise<McpClient> {
  const url = new URL(transport === 'http' ? '/api/mcp' : '/api/mcp/sse', base ?? (await appUrl()));
  const headers = { ...extraHeaders, authorization: `Bearer ${token}` };
  const client = new McpClient({ name: 'test', version: '1.0.0' });
  await client.connect(
    transport === 'http'
      ? new StreamableHTTPClientTransport(url, { requestInit: { headers } })
      : new SSEClientTransport(url, {
          requestInit: { headers },
          eventSourceInit: {
            fetch: (u, init) => fetch(u, { ...init, headers: { ...init?.headers, ...headers } }),
          },
        }),
  );
  return client;
}

/** Calls a tool and returns its JSON result and whether it is an error. */
export async function call(
  client: McpClient,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ isError: boolean; json: any }> {
  const res = await client.callTool({ name, arguments: args });
  const content = res.content as { type: string; text: string }[];
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  return { isError: res.isError === true, json: JSON.parse(content[0]!.text) };
}
