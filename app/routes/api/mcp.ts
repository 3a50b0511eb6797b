import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AppError } from '#server/errors';
import { createMcpServer, mcpActor } from '#server/mcp/mcp.server';
import { toErrorResponse } from '~/lib/api.server';

/**
 * MCP over Streamable HTTP, stateless: every POST gets a fresh server and transport (no session id), so any app
 * instance can answer it. GET (a server-to-client stream) has nothing to send without sessions: 405.
 */
async function handle({ request }: { request: Request }): Promise<Response> {
  try {
    const actor = await mcpActor(request);
    if (request.method === 'GET' || request.method === 'HEAD') {
      throw new AppError(
        'method_not_allowed',
        'This MCP endpoint is stateless: POST JSON-RPC messages',
        undefined,
        {
          Allow: 'POST, DELETE',
        },
      );
    }
    const server = createMcpServer(actor);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    void server.close();
    return response;
  } catch (err) {
    return toErrorResponse(err, request);
  }
}

export { handle as loader, handle as action };
