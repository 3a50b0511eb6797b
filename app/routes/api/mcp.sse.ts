import { AppError } from '#server/errors';
import { mcpActor } from '#server/mcp/mcp.server';
import { openSseSession } from '#server/mcp/sse.service';
import { toErrorResponse } from '~/lib/api.server';

/** Legacy MCP over SSE: the stream (compat §12.1). Client messages go to /api/mcp/sse/messages. */
async function handle({ request }: { request: Request }): Promise<Response> {
  try {
    const actor = await mcpActor(request);
    if (request.method !== 'GET') {
      throw new AppError('method_not_allowed', `Method ${request.method} is not allowed here`, undefined, {
        Allow: 'GET',
      });
    }
    return await openSseSession(actor, request.signal);
  } catch (err) {
    return toErrorResponse(err, request);
  }
}

export { handle as loader, handle as action };
