// Builds the OpenAPI 3.1 document from the area descriptions: request schemas come from the route modules
// (the zod schemas apiRoute validates with), converted with zod 4's z.toJSONSchema.
import { z, type ZodType } from 'zod';
import type { AreaDoc, DocAuth, Operation } from './describe';
import { operationsOf } from './describe';
import { ErrorBody } from './shapes';
import { PRODUCT_NAME } from '#server/product.shared';

type Json = Record<string, unknown>;

/** Response objects may grow new fields: zod's output side says `additionalProperties: false`, the API does not. */
function openObjects(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  if (o.additionalProperties === false) delete o.additionalProperties;
  for (const v of Object.values(o)) openObjects(v);
}

/** A JSON Schema for an OpenAPI document: inputs as clients send them, outputs as the server answers. */
export function jsonSchema(schema: ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json;
  delete out.$schema;
  if (io === 'output') openObjects(out);
  return out;
}

/** `/api/tags/:tagId/cards` → `/api/tags/{tagId}/cards`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const SECURITY: Record<DocAuth, Json[]> = {
  public: [],
  optional: [{}, { sessionCookie: [] }, { accessToken: [] }],
  user: [{ sessionCookie: [] }, { accessToken: [] }],
  admin: [{ sessionCookie: [] }, { accessToken: [] }],
  token: [{ accessToken: [] }],
};

export const AUTH_TEXT: Record<DocAuth, string> = {
  public: 'public: no credentials needed',
  optional: 'optional: answers visitors too (they see the setup administrator’s space)',
  user: 'user: a session cookie or an access token',
  admin: 'admin: an administrator’s session cookie or access token',
  token: 'access token only (Authorization: Bearer sak_…)',
};

/** Who may call an operation, in words. */
export function authText(op: Operation): string {
  const base = op.auth ? AUTH_TEXT[op.auth] : 'unknown';
  return op.doc.sessionOnly ? `${base}; a browser session only (access tokens are refused)` : base;
}

export const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (`validation_failed` with `details`, `invalid_json`, `nesting_too_deep`, `bad_request`)',
  401: 'No credentials, or a bad, expired or revoked token (`unauthorized`, with WWW-Authenticate)',
  403: 'Not allowed (`forbidden`, `csrf_failed`, a read-only token on a change, …)',
  404: 'No such resource, or not yours (`not_found`)',
  405: 'Method not allowed (`method_not_allowed`, with an Allow header)',
  409: 'Conflict (`conflict`)',
  413: 'Body or upload over its limit (`payload_too_large`)',
  415: 'Wrong body or file type (`unsupported_media_type`)',
  422: 'The page could not be read (`fetch_failed`, `details.reason` says why); nothing changed',
  429: 'Too many requests (`rate_limited`, with Retry-After)',
  502: 'An outside service failed or answered something unusable (`ai_unavailable`)',
  503: 'A dependency is down (`unavailable`)',
};

/** The error statuses an operation can answer: derived from its auth level and inputs, plus its own list. */
export function errorStatuses(op: Operation): number[] {
  const s = new Set<number>(op.doc.errors ?? []);
  if (op.body || op.query || op.doc.multipart) s.add(400);
  if (op.auth === 'user' || op.auth === 'admin' || op.auth === 'token') s.add(401);
  if (op.auth === 'admin' || ((op.auth === 'user' || op.auth === 'optional') && op.method !== 'GET'))
    s.add(403);
  if (op.doc.multipart) s.add(413).add(415);
  return [...s].sort((a, b) => a - b);
}

function operationId(op: Operation): string {
  const words = op.path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [op.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

function parameters(op: Operation): Json[] {
  const params: Json[] = pathParams(op.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.query) {
    const q = jsonSchema(op.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) {
      params.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

function requestBody(op: Operation): Json | undefined {
  if (op.doc.multipart) {
    const properties = Object.fromEntries(
      Object.entries(op.doc.multipart).map(([k, d]) => [
        k,
        k === 'file'
          ? { type: 'string', format: 'binary', description: d }
          : { type: 'string', description: d },
      ]),
    );
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required: ['file'] } } },
    };
  }
  if (op.doc.formBody) {
    const { schema, example } = op.doc.formBody;
    return {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: jsonSchema(schema, 'input'), example } },
    };
  }
  if (!op.body) return undefined;
  const content: Json = { schema: jsonSchema(op.body, 'input') };
  if (op.doc.example?.body !== undefined) content.example = op.doc.example.body;
  return { required: true, content: { 'application/json': content } };
}

function responses(op: Operation): Json {
  const ok: Json = { description: op.doc.produces?.description ?? 'Success' };
  if (op.doc.response) {
    const content: Json = { schema: jsonSchema(op.doc.response, 'output') };
    if (op.doc.example?.response !== undefined) content.example = op.doc.example.response;
    ok.content = { 'application/json': content };
  } else if (op.doc.produces && op.doc.produces.type !== 'none') {
    ok.content = { [op.doc.produces.type]: {} };
  }
  const out: Json = { [String(op.status)]: ok };
  for (const status of errorStatuses(op)) out[String(status)] = { $ref: `#/components/responses/E${status}` };
  return out;
}

function operation(op: Operation): Json {
  const notes = [op.doc.description, `Auth: ${authText(op)}.`];
  if (op.method !== 'GET' && (op.auth === 'user' || op.auth === 'admin')) {
    notes.push(op.readOnlyOk ? 'A read-only token may call this.' : 'A read-only token is refused (403).');
  }
  const out: Json = {
    operationId: operationId(op),
    tags: [op.area],
    summary: op.doc.summary,
    description: notes.filter(Boolean).join('\n\n'),
    security: op.doc.sessionOnly ? [{ sessionCookie: [] }] : op.auth ? SECURITY[op.auth] : [],
    'x-auth-level': op.auth,
    responses: responses(op),
  };
  const params = parameters(op);
  if (params.length) out.parameters = params;
  const body = requestBody(op);
  if (body) out.requestBody = body;
  return out;
}

/** The whole document; `serverUrl` becomes its one server entry. */
export function buildOpenApi(areas: AreaDoc[], serverUrl: string, version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of operationsOf(areas)) {
    const key = openApiPath(op.path);
    paths[key] = { ...paths[key], [op.method.toLowerCase()]: operation(op) };
  }
  const errorSchema = jsonSchema(ErrorBody, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description:
        `The JSON API of this ${PRODUCT_NAME} instance (compatible with SakuraNav 1.8).` +
        '  Send JSON bodies with Content-Type: application/json. ' +
        'Authenticate with a personal access token (Authorization: Bearer sak_…, created on /profile) or the ' +
        'session cookie of POST /api/auth/login. Errors are {"error", "code", "details"?}.',
    },
    servers: [{ url: serverUrl }],
    tags: areas.map((a) => ({ name: a.name, description: a.description })),
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sakura-nav-session' },
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'sak_ + 64 hex digits' },
      },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(ERROR_TEXT).map(([status, description]) => [
          `E${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
