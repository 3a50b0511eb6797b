// The JSON endpoints of the MCP authorization flow (docs/decisions.md §69): discovery documents, client registration
// and the token endpoint. They answer in OAuth's own shapes, not apiRoute's, and anyone may call them (no cookie is
// read), so browsers on other origins may too (CORS `*`, no credentials).
import type { z } from 'zod';
import { clientIp } from '#server/auth/request';
import { isAppError } from '#server/errors';
import { logger } from '#server/logger';
import { OAuthError, isOAuthError } from '#server/mcp-oauth/oauth-error';
import { assertWithin, consume, type Limit } from '#server/rate-limit/rate-limit.service';
import { readBodyText } from './api.server';
import { publicOrigin } from './public-origin.server';

/** Registration and token bodies are small: a few URIs, a code and a verifier. */
const BODY_LIMIT = 16 * 1024;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, MCP-Protocol-Version',
  'Access-Control-Max-Age': '600',
};

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...CORS, ...headers } });
}

function oauthFailure(err: unknown, request: Request): Response {
  if (isOAuthError(err)) {
    return oauthJson({ error: err.error, error_description: err.description }, err.status, err.headers);
  }
  if (isAppError(err)) {
    const error = err.code === 'rate_limited' ? 'too_many_requests' : 'invalid_request';
    return oauthJson({ error, error_description: err.message }, err.status, err.headers);
  }
  logger.error('oauth', 'unhandled error', {
    path: new URL(request.url).pathname,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return oauthJson({ error: 'server_error', error_description: 'Internal server error' }, 500);
}

type Handler = (ctx: { request: Request; origin: string }) => Promise<Response> | Response;

/**
 * A resource route of the flow: the methods it takes (OPTIONS answers CORS preflights, others 405), an optional
 * per-address limit, and failures as `{"error", "error_description"}`.
 */
export function oauthRoute(methods: Partial<Record<'GET' | 'POST', Handler>>, limit?: Limit) {
  return async function handle({ request }: { request: Request }): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
    const run = methods[request.method as 'GET' | 'POST'];
    try {
      if (!run) {
        const allow = [...Object.keys(methods), 'OPTIONS'].join(', ');
        throw new OAuthError('invalid_request', `Method ${request.method} is not allowed here`, 405, {
          Allow: allow,
        });
      }
      if (limit) assertWithin(await consume(limit, clientIp(request)));
      return await run({ request, origin: publicOrigin(request) });
    } catch (err) {
      return oauthFailure(err, request);
    }
  };
}

/** A JSON body (registration) parsed and shaped by `schema`; failures as RFC 7591 `invalid_client_metadata`. */
export async function readOAuthJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(await readBodyText(request, BODY_LIMIT));
  } catch (err) {
    if (isAppError(err)) throw new OAuthError('invalid_client_metadata', err.message, err.status);
    throw new OAuthError('invalid_client_metadata', 'The body is not valid JSON');
  }
  return parseOr(schema, value, 'invalid_client_metadata');
}

/** A form body (the token endpoint, RFC 6749 §4.1.3); failures as `invalid_request`. */
export async function readOAuthForm<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) {
    throw new OAuthError('invalid_request', 'Send the token request as application/x-www-form-urlencoded');
  }
  let text: string;
  try {
    text = await readBodyText(request, BODY_LIMIT);
  } catch (err) {
    if (isAppError(err)) throw new OAuthError('invalid_request', err.message, err.status);
    throw err;
  }
  const params = new URLSearchParams(text);
  const fields: Record<string, string> = {};
  for (const [k, v] of params) {
    // RFC 6749 §3.2: parameters must not be repeated.
    if (k in fields) throw new OAuthError('invalid_request', `${k} is repeated`);
    fields[k] = v;
  }
  return parseOr(schema, fields, 'invalid_request');
}

function parseOr<S extends z.ZodType>(schema: S, value: unknown, error: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new OAuthError(error, `${where}${issue?.message ?? 'invalid'}`);
}
