import type { Actor } from '#server/actor';
import { AppError } from '#server/errors';
import { mcpActor } from '#server/mcp/mcp.server';
import { toErrorResponse } from './api.server';

/**
 * A resource route of the MCP endpoint: an access token only (within its rate limit) for every method, then 405 with
 * Allow for methods the route does not take, and `AppError`s as JSON.
 */
export function mcpRoute(allow: string[], run: (actor: Actor, request: Request) => Promise<Response>) {
  return async function handle({ request }: { request: Request }): Promise<Response> {
    try {
      const actor = await mcpActor(request);
      if (!allow.includes(request.method)) {
        throw new AppError('method_not_allowed', `Method ${request.method} is not allowed here`, undefined, {
          Allow: allow.join(', '),
        });
      }
      return await run(actor, request);
    } catch (err) {
      return toErrorResponse(err, request);
    }
  };
}
