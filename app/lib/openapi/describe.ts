// How an /api route is described for the OpenAPI document and the /docs/api page (docs/decisions.md
// "API reference generated from the route schemas"). A route built with apiRoute already carries its auth level,
// body and query schemas; a description adds only what the code cannot tell: a summary, the response shape and an
// example. Each area file under ./areas lists its routes with `describeRoute`.
import type { ZodType } from 'zod';
import type { AuthLevel, Handler, Method } from '~/lib/api.server';

/** Who may call an operation: apiRoute's levels, or `token` for the MCP endpoints (a Bearer token only). */
export type DocAuth = AuthLevel | 'token';

/** One worked call: checked against the schemas by tests/api/openapi.test.ts, shown as curl on /docs/api. */
export interface Example {
  /** Values for the path parameters (`:tagId` → `{ tagId: 'tag-1' }`). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The JSON body; must pass the route's body schema. */
  body?: unknown;
  /** A success body; must pass `response`. */
  response?: unknown;
  /** The file curl uploads for a multipart route (`-F file=@./<file>`); picture.png unless given. */
  file?: string;
}

export interface OperationDoc {
  summary: string;
  /** Longer notes (plain text; shown under the summary). */
  description?: string;
  /** The JSON success body. Leave out for non-JSON answers and give `produces`. */
  response?: ZodType;
  /** A success body that is not JSON: a file, a bookmark file, an event stream, an empty 202. */
  produces?: { type: string; description: string };
  /** An application/x-www-form-urlencoded body (OAuth's token endpoint): its fields, and example values. */
  formBody?: { schema: ZodType; example: Record<string, string> };
  /** A multipart/form-data upload: field name → what it holds. */
  multipart?: Record<string, string>;
  /** Error statuses beyond the ones every route of its kind has (400 for input, 401, 403, 405). */
  errors?: number[];
  example?: Example;
  /** Refused to access tokens: a browser session (cookie) only, e.g. creating tokens, deleting the account. */
  sessionOnly?: boolean;
  /** Signs in: the answer sets the session cookie (curl saves it with -c). */
  setsSession?: boolean;
  // Only for route modules not built with apiRoute (the MCP transports), or a query the handler reads itself:
  auth?: DocAuth;
  body?: ZodType;
  query?: ZodType;
  status?: number;
}

/** The part of a route module the description reads: apiRoute's handle (as the loader) exposes its handlers. */
export interface RouteModule {
  loader?: unknown;
  action?: unknown;
}

export interface RouteDoc {
  /** The URL pattern exactly as app/routes.ts spells it, with the /api prefix: `/api/tags/:tagId/sites/reorder`. */
  path: string;
  module: RouteModule;
  methods: Partial<Record<Method, OperationDoc>>;
}

export interface AreaDoc {
  name: string;
  description: string;
  routes: RouteDoc[];
}

/** Describes one route: its URL pattern, its module (import * as m from '~/routes/api/…') and each method. */
export function describeRoute(
  path: string,
  module: RouteModule,
  methods: Partial<Record<Method, OperationDoc>>,
): RouteDoc {
  return { path, module, methods };
}

export function describeArea(name: string, description: string, routes: RouteDoc[]): AreaDoc {
  return { name, description, routes };
}

type Handlers = Partial<Record<Method, Handler<unknown, unknown, AuthLevel>>>;

/** The apiRoute handlers of a route module, or null for a module that handles requests itself. */
export function handlersOf(module: RouteModule): Handlers | null {
  const handle = (module.loader ?? module.action) as { handlers?: Handlers } | undefined;
  return handle?.handlers ?? null;
}

/** One method of one route with everything known about it: the route's own schemas win over the description. */
export interface Operation {
  area: string;
  path: string;
  method: Method;
  auth: DocAuth | undefined;
  readOnlyOk: boolean;
  body: ZodType | undefined;
  query: ZodType | undefined;
  status: number;
  doc: OperationDoc;
}

export function operationsOf(areas: AreaDoc[]): Operation[] {
  return areas.flatMap((area) =>
    area.routes.flatMap((route) => {
      const handlers = handlersOf(route.module);
      return (Object.entries(route.methods) as [Method, OperationDoc][]).map(([method, doc]) => {
        const h = handlers?.[method];
        return {
          area: area.name,
          path: route.path,
          method,
          auth: h?.auth ?? doc.auth,
          readOnlyOk: h?.readOnlyOk ?? method === 'GET',
          body: h?.body ?? doc.body,
          query: h?.query ?? doc.query,
          status: doc.status ?? h?.status ?? 200,
          doc,
        };
      });
    }),
  );
}
