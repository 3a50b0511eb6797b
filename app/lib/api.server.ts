import { StringDecoder } from 'node:string_decoder';
import { z, type ZodType } from 'zod';
import type { Actor } from '#server/actor';
import { authenticate } from '#server/auth/authenticate';
import { CSRF_HEADER, csrfTokenMatches, sameOriginRequest } from '#server/auth/csrf';
import { trustedOrigin } from '#server/auth/origin';
import { env } from '#server/env';
import { AppError, isAppError } from '#server/errors';
import { COMPAT_LANGUAGE } from '#server/language.shared';
import { logger } from '#server/logger';
import { JsonDepthGauge, tooDeep } from '#server/parsing/json-bounded';
import { JsonObjectReader, JsonTablesError } from '#server/parsing/json-tables';
import { TimeSlicer } from '#server/parsing/time-slice';
import { IdListSchema, type IdList } from '#server/tags/tag.schema';
import { requestLocale } from './request-locale.server';

export type AuthLevel = 'public' | 'optional' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RunArgs<B, Q, A> {
  request: Request;
  params: Record<string, string | undefined>;
  actor: A;
  body: B;
  query: Q;
}

export interface Handler<B = unknown, Q = unknown, L extends AuthLevel = AuthLevel> {
  auth: L;
  /** zod schema for a JSON body. Without it the body is left unread (e.g. for uploads). */
  body?: ZodType<B>;
  /** zod schema for the query string (an object of its parameters). */
  query?: ZodType<Q>;
  /** Maximum JSON body size in bytes (default BODY_LIMIT_BYTES). */
  bodyLimit?: number;
  /** Whether a read-only token may call this. Default: only for GET. */
  readOnlyOk?: boolean;
  /** Success status (default 200). */
  status?: number;
  run: (args: RunArgs<B, Q, ActorFor<L>>) => Promise<unknown> | unknown;
}

export type ActorFor<L extends AuthLevel> = L extends 'user' | 'admin' ? Actor : Actor | null;

/** The error body every `/api` failure uses: `{"error", "code", "details"?}`. */
export function errorResponse(err: AppError): Response {
  const body: Record<string, unknown> = { error: err.message, code: err.code };
  if (err.details !== undefined) body.details = err.details;
  return Response.json(body, { status: err.status, headers: err.headers });
}

function zodDetails(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export function validationError(error: z.ZodError, where: 'body' | 'query'): AppError {
  const first = error.issues[0];
  const field = first?.path.join('.');
  const message = first ? (field ? `${field}: ${first.message}` : first.message) : `Invalid ${where}`;
  return new AppError('validation_failed', message, zodDetails(error));
}

/** The database or object storage could not be reached (as opposed to a bug). */
function isDependencyDown(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string } | null;
  if (!e) return false;
  return (
    /^Mongo(ServerSelection|Network|NotConnected)Error$/.test(e.name ?? '') ||
    /buffering timed out/.test(e.message ?? '') ||
    e.code === 'ECONNREFUSED'
  );
}

/** Maps anything thrown by a handler to a JSON response; unexpected errors are logged, never shown. */
export function toErrorResponse(err: unknown, request: Request): Response {
  if (err instanceof Response) return err;
  if (isAppError(err)) return errorResponse(err);
  if (err instanceof z.ZodError) return errorResponse(validationError(err, 'body'));
  if (isDependencyDown(err)) {
    logger.warn('api', 'dependency unavailable', { path: new URL(request.url).pathname, error: String(err) });
    return errorResponse(
      new AppError('unavailable', 'The service is temporarily unavailable; try again shortly', undefined, {
        'Retry-After': '5',
      }),
    );
  }
  logger.error('api', 'unhandled error', {
    method: request.method,
    path: new URL(request.url).pathname,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return errorResponse(new AppError('internal', 'Internal server error'));
}

/**
 * A request body's text, piece by piece as it arrives (decoded as UTF-8), refusing it as soon as it passes `limit`
 * bytes: the caller handles each piece before the next is read.
 */
async function* bodyPieces(request: Request, limit: number): AsyncGenerator<string> {
  const tooLarge = () => new AppError('payload_too_large', `Request body is larger than ${limit} bytes`);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return;
  const reader = request.body.getReader();
  const decoder = new StringDecoder('utf8');
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      yield decoder.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
    yield decoder.end();
  } finally {
    // Refused (or the caller stopped early): the rest is not read.
    await reader.cancel().catch(() => {});
  }
}

/**
 * Reads a request body as text, refusing it as soon as it passes `limit` bytes. Each piece is decoded as it arrives
 * and shown to `check` (which may throw to refuse the body there): one 20 MB copy and decode at the end held the
 * event loop for up to half a second on a busy machine.
 */
export async function readBodyText(
  request: Request,
  limit: number,
  check?: (piece: string) => void,
): Promise<string> {
  const pieces: string[] = [];
  let refusal: unknown;
  for await (const piece of bodyPieces(request, limit)) {
    // Once refused, the rest is read without being kept: the client gets the answer, not a reset connection.
    if (refusal) continue;
    try {
      check?.(piece);
      pieces.push(piece);
    } catch (err) {
      refusal = err;
      pieces.length = 0;
    }
  }
  if (refusal) throw refusal;
  return pieces.join('');
}

/** A `readBodyText` check that refuses JSON nested deeper than the service reads (before it is parsed). */
export function jsonDepthCheck(what: string): (piece: string) => void {
  const gauge = new JsonDepthGauge();
  return (piece) => {
    if (!gauge.feed(piece)) throw tooDeep(what);
  };
}

/** The longest text one row of a large JSON body's list (or one other member) may have. */
const LARGE_BODY_ITEM_CHARS = 4 * 1024 * 1024;

/**
 * A large JSON body (a route whose limit is above the default, such as a batch import): read as one object, each row
 * of its lists parsed as it arrives, with the event loop given a turn every few milliseconds. One JSON.parse of a
 * 48 MB batch held the event loop for 0.6-1.1 s.
 */
async function readLargeJson(request: Request, limit: number): Promise<unknown> {
  const reader = new JsonObjectReader(LARGE_BODY_ITEM_CHARS);
  const slicer = new TimeSlicer();
  let blank = true;
  let refusal: unknown;
  for await (const piece of bodyPieces(request, limit)) {
    // Once refused, the rest is read without being kept (as readBodyText does).
    if (refusal || (blank && piece.trim() === '')) continue;
    blank = false;
    try {
      reader.feed(piece);
    } catch (err) {
      refusal = err;
    }
    await slicer.maybeYield();
  }
  try {
    if (refusal) throw refusal;
    return blank ? undefined : reader.end();
  } catch (err) {
    if (!(err instanceof JsonTablesError)) throw err;
    if (err.problem === 'too_deep') throw tooDeep('The request body');
    if (err.problem === 'too_large')
      throw new AppError('payload_too_large', `Request body: ${err.message}`, {
        limit: LARGE_BODY_ITEM_CHARS,
      });
    if (err.problem === 'not_object')
      throw new AppError('validation_failed', 'The request body must be a JSON object');
    throw new AppError('invalid_json', 'Request body is not valid JSON');
  }
}

async function readJson(request: Request, limit: number): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)');
  }
  if (limit > env().BODY_LIMIT_BYTES) return readLargeJson(request, limit);
  const text = await readBodyText(request, limit, jsonDepthCheck('The request body'));
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_json', 'Request body is not valid JSON');
  }
}

/** Query parameters as an object; a parameter given several times becomes an array. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : (all[0] ?? '');
  }
  return out;
}

/** Resolves the caller and enforces an auth level; shared by apiRoute and other resource routes. */
export async function requireLevel(request: Request, level: AuthLevel): Promise<Actor | null> {
  if (level === 'public') return null;
  const { actor, badToken } = await authenticate(request);
  if (level === 'optional') return actor;
  if (!actor) {
    throw new AppError(
      'unauthorized',
      badToken ? 'The access token is invalid, expired or revoked' : 'Authentication required',
      undefined,
      { 'WWW-Authenticate': 'Bearer realm="api"' },
    );
  }
  if (level === 'admin' && actor.role !== 'admin')
    throw new AppError('forbidden', 'Administrator role required');
  return actor;
}

/** CSRF defence for cookie-authenticated state changes; Bearer-token calls are exempt. */
export async function checkCsrf(request: Request): Promise<void> {
  const { actor } = await authenticate(request);
  if (actor?.via === 'token') return;
  if (!sameOriginRequest(request)) {
    throw new AppError(
      'csrf_failed',
      trustedOrigin(request) === null
        ? 'Request refused: the site is not trusted at the address this request names (see PUBLIC_URL)'
        : 'Cross-site request refused (Origin does not match this site)',
    );
  }
  const header = request.headers.get(CSRF_HEADER);
  if (header !== null && !csrfTokenMatches(request, header)) {
    throw new AppError('csrf_failed', 'CSRF token does not match; reload the page and try again');
  }
}

/**
 * Builds a resource route from per-method handlers: authentication, CSRF, body/query parsing with zod,
 * a streaming body-size limit, 405 with Allow, and JSON errors. Use as
 * `const handle = apiRoute({...}); export { handle as loader, handle as action };`.
 */
// One generic triple per method, so each handler's body, query and auth level (hence its actor type) are inferred.
export function apiRoute<
  GB,
  GQ,
  GL extends AuthLevel,
  PB,
  PQ,
  PL extends AuthLevel,
  UB,
  UQ,
  UL extends AuthLevel,
  AB,
  AQ,
  AL extends AuthLevel,
  DB,
  DQ,
  DL extends AuthLevel,
>(handlers: {
  GET?: Handler<GB, GQ, GL>;
  POST?: Handler<PB, PQ, PL>;
  PUT?: Handler<UB, UQ, UL>;
  PATCH?: Handler<AB, AQ, AL>;
  DELETE?: Handler<DB, DQ, DL>;
}) {
  const table = handlers as Partial<Record<Method, Handler<unknown, unknown, AuthLevel>>>;
  const allowed = Object.keys(table) as Method[];
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');

  async function handle({
    request,
    params,
  }: {
    request: Request;
    params: Record<string, string | undefined>;
  }) {
    try {
      const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method;
      const handler = table[method];
      if (!handler) {
        throw new AppError('method_not_allowed', `Method ${request.method} is not allowed here`, undefined, {
          Allow: allow,
        });
      }
      const caller = await requireLevel(request, handler.auth);
      const actor = caller && { ...caller, lang: requestLocale(request, COMPAT_LANGUAGE) };
      if (method !== 'GET') {
        await checkCsrf(request);
        if (actor?.readOnly && !handler.readOnlyOk) {
          throw new AppError('forbidden', 'This access token is read-only');
        }
      }
      let query: unknown = undefined;
      if (handler.query) {
        const parsed = handler.query.safeParse(queryObject(new URL(request.url)));
        if (!parsed.success) throw validationError(parsed.error, 'query');
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (handler.body) {
        const raw = await readJson(request, handler.bodyLimit ?? env().BODY_LIMIT_BYTES);
        const parsed = handler.body.safeParse(raw);
        if (!parsed.success) {
          if (raw === undefined) throw new AppError('validation_failed', 'Request body is required');
          throw validationError(parsed.error, 'body');
        }
        body = parsed.data;
      }
      const result = await handler.run({ request, params, actor: actor as Actor, body, query });
      if (result instanceof Response) return result;
      return Response.json(result ?? { ok: true }, {
        status: handler.status ?? 200,
        headers: { 'Cache-Control': 'no-store' },
      });
    } catch (err) {
      return toErrorResponse(err, request);
    }
  }

  // Exposed for the auth-matrix test, which walks the route table and checks each method's guard, and for the
  // OpenAPI description, which documents each method from the very schemas it validates with.
  return Object.assign(handle, {
    auth: Object.fromEntries(allowed.map((m) => [m, table[m]!.auth])) as Partial<Record<Method, AuthLevel>>,
    handlers: table as Readonly<Partial<Record<Method, Handler<unknown, unknown, AuthLevel>>>>,
  });
}

/**
 * A route that takes `{"ids": [...]}` and hands the list to one service call (the reorder and restore routes):
 * POST as the interface says, PUT for older clients; answers `{"ok": true}`.
 */
export function idListRoute(
  run: (actor: Actor, ids: string[], params: Record<string, string | undefined>) => Promise<unknown>,
) {
  const handler = {
    auth: 'user',
    body: IdListSchema,
    run: async ({ actor, body, params }) => {
      await run(actor, body.ids, params);
      return { ok: true };
    },
  } satisfies Handler<IdList, unknown, 'user'>;
  return apiRoute({ POST: handler, PUT: handler });
}
