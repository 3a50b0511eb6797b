import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Actor } from '../actor';
import { authenticate } from '../auth/authenticate';
import { AppError } from '../errors';
import { resourceMetadataUrl } from '../mcp-oauth/mcp-oauth.metadata';
import { assertWithin, consume, type Limit } from '../rate-limit/rate-limit.service';
import { callTool, describeTool, textResult, type McpTool } from './mcp.tool';
import { bulkCardTools } from './tools/bulk-cards';
import { searchTools } from './tools/search';
import { siteCardTools } from './tools/site-cards';
import { snapshotTools } from './tools/snapshots';
import { noteCardTools, socialCardTools } from './tools/social-note-cards';
import { tagTools } from './tools/tags';
import { PRODUCT_NAME, PRODUCT_VERSION } from '../product';

/** Every tool, in the order `tools/list` shows them (compat §12.2). */
export const MCP_TOOLS: McpTool[] = [
  ...tagTools,
  ...siteCardTools,
  ...socialCardTools,
  ...noteCardTools,
  ...bulkCardTools,
  ...snapshotTools,
  ...searchTools,
];
const byName = new Map(MCP_TOOLS.map((t) => [t.name, t]));

/** MCP requests per access token (the older service allowed 300 a minute per address). */
export const MCP_PER_TOKEN: Limit = { name: 'mcp', max: 300, windowMs: 60_000 };

/** Whose rights a request runs with: the caller of a Streamable HTTP request, the poster of a relayed message. */
export type ActorOf = (extra: { authInfo?: AuthInfo }) => Actor | null;

/** The caller of an MCP request as the transport hands it over (`authInfo.extra.actor`, see `asAuthInfo`). */
export const callerOf: ActorOf = (extra) => (extra.authInfo?.extra?.actor as Actor | undefined) ?? null;

/** `actor` in the form a transport passes with a message to its request handlers. */
export function asAuthInfo(actor: Actor): AuthInfo {
  return { token: '', clientId: actor.tokenId ?? '', scopes: [], extra: { actor } };
}

/**
 * The MCP SDK, loaded by the first MCP request instead of at start: it was ~0.4 s of the app's start-up import
 * (bench/RESULTS.md "Data layer").
 */
export const mcpSdk = () =>
  Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([server, types]) => ({ ...server, ...types }));

/**
 * A fresh MCP server: tools only. Each request runs with the rights of `actorOf(extra)`: a read-only token sees and
 * may call only the read tools.
 */
export async function createMcpServer(actorOf: ActorOf): Promise<Server> {
  const { Server, McpError, ErrorCode, ListToolsRequestSchema, CallToolRequestSchema } = await mcpSdk();
  const server = new Server(
    { name: PRODUCT_NAME, version: PRODUCT_VERSION },
    { capabilities: { tools: {} } },
  );
  const caller = (extra: { authInfo?: AuthInfo }) => {
    const actor = actorOf(extra);
    if (!actor) throw new McpError(ErrorCode.InvalidRequest, 'No access token for this message');
    return actor;
  };
  server.setRequestHandler(ListToolsRequestSchema, (_req, extra) => {
    const actor = caller(extra);
    return { tools: MCP_TOOLS.filter((t) => !(actor.readOnly && t.write)).map(describeTool) };
  });
  server.setRequestHandler(CallToolRequestSchema, (req, extra) => {
    const actor = caller(extra);
    const t = byName.get(req.params.name);
    if (!t) return textResult({ error: `Unknown tool: ${req.params.name}` }, true);
    return callTool(t, actor, req.params.arguments);
  });
  return server;
}

/**
 * The caller of an MCP request: an access token only (personal, or an app's from the MCP authorization flow) (the `mcp` door of server/auth/authenticate.ts, and checked
 * again here whatever the path's spelling), within the per-token rate limit. Throws 401 (with WWW-Authenticate)
 * or 429.
 */
export async function mcpActor(request: Request, origin: string): Promise<Actor> {
  const { actor, badToken } = await authenticate(request);
  // Checked here too, not only by the channel of the path: a session cookie never reaches the tools.
  if (!actor || actor.via !== 'token') {
    // `resource_metadata` starts the MCP authorization flow (RFC 9728 §5.1) for clients that speak it; clients
    // with a personal token never see this answer.
    const challenge = [
      'Bearer realm="mcp"',
      `resource_metadata="${resourceMetadataUrl(origin)}"`,
      ...(badToken ? ['error="invalid_token"'] : []),
    ].join(', ');
    throw new AppError('unauthorized', '未授权：请提供有效的 API Token', undefined, {
      'WWW-Authenticate': challenge,
    });
  }
  assertWithin(await consume(MCP_PER_TOKEN, actor.tokenId ?? actor.userId));
  return actor;
}
