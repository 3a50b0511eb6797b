import type { Actor } from '#server/actor';
import { env } from '#server/env';
import { AppError, isAppError } from '#server/errors';
import { mcpActor } from '#server/mcp/mcp.server';
import { COMPAT_LANGUAGE } from '#server/language.shared';
import { publicOrigin } from './public-origin.server';
import { requestLocale } from './request-locale.server';
import { jsonDepthCheck, readBodyText, toErrorResponse } from './api.server';

/**
 * A resource route of the MCP endpoint: an access token only (within its rate limit) for every method, then 405 with
 * Allow for methods the route does not take, and `AppError`s as JSON.
 */
export function mcpRoute(allow: string[], run: (actor: Actor, request: Request) => Promise<Response>) {
  return async function handle({ request }: { request: Request }): Promise<Response> {
    try {
      const caller = await mcpActor(request, publicOrigin(request));
      const actor = { ...caller, lang: requestLocale(request, COMPAT_LANGUAGE) };
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

/** A JSON-RPC error answer, as the MCP transports send them. */
export function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

/**
 * The request with its body read within the body limit and checked for absurd nesting before the SDK parses it
 * (docs/decisions.md "Untrusted parsing is bounded"); a refusal as a JSON-RPC error answer.
 */
export async function boundedMcpRequest(request: Request): Promise<Request | Response> {
  if (request.method !== 'POST') return request;
  try {
    const text = await readBodyText(request, env().BODY_LIMIT_BYTES, jsonDepthCheck('The message'));
    return new Request(request.url, { method: 'POST', headers: request.headers, body: text });
  } catch (err) {
    if (isAppError(err) && err.code === 'nesting_too_deep') return jsonRpcError(400, -32700, err.message);
    throw err;
  }
}
