import { env } from '#server/env';
import { AppError } from '#server/errors';
import { mcpActor } from '#server/mcp/mcp.server';
import { relaySseMessage } from '#server/mcp/sse.service';
import { readBodyText, toErrorResponse } from '~/lib/api.server';

/** Legacy MCP over SSE: a client message for a session; the reply arrives on the session's stream (202 here). */
async function handle({ request }: { request: Request }): Promise<Response> {
  try {
    const actor = await mcpActor(request);
    if (request.method !== 'POST') {
      throw new AppError('method_not_allowed', `Method ${request.method} is not allowed here`, undefined, {
        Allow: 'POST',
      });
    }
    const sessionId = new URL(request.url).searchParams.get('sessionId');
    const outcome = await relaySseMessage(
      actor,
      sessionId,
      await readBodyText(request, env().BODY_LIMIT_BYTES),
    );
    if (outcome.ok) return new Response(null, { status: 202 });
    return Response.json(
      { jsonrpc: '2.0', error: { code: outcome.code, message: outcome.message }, id: null },
      { status: outcome.status },
    );
  } catch (err) {
    return toErrorResponse(err, request);
  }
}

export { handle as loader, handle as action };
