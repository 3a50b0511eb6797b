import { asAuthInfo, callerOf, createMcpServer } from '#server/mcp/mcp.server';
import { boundedMcpRequest, mcpRoute } from '~/lib/mcp-route.server';

/**
 * MCP over Streamable HTTP, stateless: every request gets a fresh server and transport (no session id), so any app
 * instance can answer it. GET (a server-to-client stream) has nothing to send without sessions: 405.
 */
const handle = mcpRoute(['POST', 'DELETE'], async (actor, request) => {
  const bounded = await boundedMcpRequest(request);
  if (bounded instanceof Response) return bounded;
  const [server, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    createMcpServer(callerOf),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  const response = await transport.handleRequest(bounded, { authInfo: asAuthInfo(actor) });
  void server.close();
  return response;
});

export { handle as loader, handle as action };
