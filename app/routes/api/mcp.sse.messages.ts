import { env } from '#server/env';
import { relaySseMessage } from '#server/mcp/sse.service';
import { readBodyText } from '~/lib/api.server';
import { jsonRpcError, mcpRoute } from '~/lib/mcp-route.server';

/** Legacy MCP over SSE: a client message for a session; the reply arrives on the session's stream (202 here). */
const handle = mcpRoute(['POST'], async (actor, request) => {
  const sessionId = new URL(request.url).searchParams.get('sessionId');
  const outcome = await relaySseMessage(
    actor,
    sessionId,
    await readBodyText(request, env().BODY_LIMIT_BYTES),
  );
  if (outcome.ok) return new Response(null, { status: 202 });
  return jsonRpcError(outcome.status, outcome.code, outcome.message);
});

export { handle as loader, handle as action };
