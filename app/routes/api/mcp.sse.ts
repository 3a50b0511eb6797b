import { openSseSession } from '#server/mcp/sse.service';
import { mcpRoute } from '~/lib/mcp-route.server';

/** Legacy MCP over SSE: the stream (compat §12.1). Client messages go to /api/mcp/sse/messages. */
const handle = mcpRoute(['GET'], (actor, request) => openSseSession(actor, request));

export { handle as loader, handle as action };
