import { z } from 'zod';
import * as mcp from '~/routes/api/mcp';
import * as sseMessages from '~/routes/api/mcp.sse.messages';
import * as sse from '~/routes/api/mcp.sse';
import { describeArea, describeRoute } from '../describe';
import { PRODUCT_NAME, PRODUCT_VERSION } from '#server/product';

// The MCP routes speak JSON-RPC 2.0 (not apiRoute's JSON), so their auth and bodies are described here.
const JsonRpc = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string().optional(),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});
const INITIALIZE = {
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const TOOLS_LIST = { jsonrpc: '2.0' as const, id: 2, method: 'tools/list' };

export const mcpArea = describeArea(
  'MCP',
  'The Model Context Protocol endpoint for AI assistants: 29 tools over your tags and cards. Access tokens only.',
  [
    describeRoute('/api/mcp', mcp, {
      POST: {
        summary: 'Streamable HTTP transport (stateless): one JSON-RPC message in, the JSON answer out',
        description:
          'Send Accept: application/json, text/event-stream. No Mcp-Session-Id; any instance answers.',
        auth: 'token',
        body: JsonRpc,
        response: JsonRpc,
        errors: [429],
        example: {
          body: INITIALIZE,
          response: {
            jsonrpc: '2.0',
            id: 1,
            result: { serverInfo: { name: PRODUCT_NAME, version: PRODUCT_VERSION } },
          },
        },
      },
      DELETE: {
        summary: 'End a session (nothing to end: stateless)',
        auth: 'token',
        produces: { type: 'none', description: 'Empty 200' },
        example: {},
      },
    }),
    describeRoute('/api/mcp/sse', sse, {
      GET: {
        summary: 'Legacy SSE transport: the event stream',
        description:
          'First event: `endpoint` with data /api/mcp/sse/messages?sessionId=<uuid>; replies arrive as `message` ' +
          'events; a keepalive comment every 15 s. The session ends on disconnect or 30 minutes without a POST.',
        auth: 'token',
        produces: { type: 'text/event-stream', description: 'Server-sent events' },
        errors: [429],
        example: {},
      },
    }),
    describeRoute('/api/mcp/sse/messages', sseMessages, {
      POST: {
        summary:
          'Legacy SSE transport: send a JSON-RPC message to a session (202; the reply comes on the stream)',
        auth: 'token',
        query: z.object({ sessionId: z.string() }),
        body: JsonRpc,
        status: 202,
        produces: { type: 'none', description: 'Accepted (empty)' },
        errors: [404, 429],
        example: { query: { sessionId: '6f1c2b1e-0000-4000-8000-000000000000' }, body: TOOLS_LIST },
      },
    }),
  ],
);
