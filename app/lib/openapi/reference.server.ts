// The /docs/api page's data: every described operation with its parameters, body and response fields in short,
// and a curl example, built from the same descriptions and schemas as /api/openapi.json.
import type { ZodType } from 'zod';
import { ERROR_TEXT, authText, errorStatuses, jsonSchema, pathParams } from './build';
import { operationsOf, type Operation } from './describe';
import { AREAS } from './openapi.server';
import { NAMED_SHAPES } from './shapes';

type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  note?: string;
  /** The named shape the field holds (or holds a list of), for a link to its fields. */
  shape?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  auth: string;
  params: FieldRow[];
  body: FieldRow[] | null;
  bodyType: string | null;
  response: FieldRow[] | null;
  responseType: string;
  status: number;
  errors: { status: number; text: string }[];
  curl: string;
}

export interface AreaView {
  id: string;
  name: string;
  description: string;
  operations: OperationView[];
}

/** A JSON Schema in a few words: `string (1–40)`, `integer | null`, `array of object`, `"a" | "b"`. */
export function typeText(s: Json | undefined): string {
  if (!s) return 'any';
  if (typeof s.title === 'string') return s.title;
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeText).join(' | ');
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? (s.type as string[]).join(' | ') : (s.type as string | undefined);
  if (!type) return 'any';
  const min = (s.minLength ?? s.minimum ?? s.minItems) as number | undefined;
  const max = (s.maxLength ?? s.maximum ?? s.maxItems) as number | undefined;
  const bounds =
    min !== undefined && max !== undefined
      ? ` (${min}–${max})`
      : max !== undefined
        ? ` (≤ ${max})`
        : min !== undefined
          ? ` (≥ ${min})`
          : '';
  if (type === 'array') return `array${bounds} of ${typeText(s.items as Json | undefined)}`;
  return `${type}${bounds}`;
}

/**
 * A union of objects (the profile: an administrator's or a user's) as one object: every variant's fields, required
 * where every variant requires them, a field's first description kept. Anything else is returned as it is.
 */
function objectOf(s: Json): Json {
  const variants = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (!variants?.length || !variants.every((v) => v.type === 'object' && v.properties)) return s;
  const properties: Record<string, Json> = {};
  for (const v of variants)
    for (const [k, p] of Object.entries(v.properties as Record<string, Json>)) properties[k] ??= p;
  const required = Object.keys(properties).filter((k) =>
    variants.every((v) => ((v.required as string[] | undefined) ?? []).includes(k)),
  );
  return { type: 'object', properties, required };
}

/** The top-level fields of an object schema, or of a union of objects (or null for anything else). */
function fields(schema: ZodType, io: 'input' | 'output'): { rows: FieldRow[] | null; type: string } {
  const s = objectOf(jsonSchema(schema, io));
  const props = s.properties as Record<string, Json> | undefined;
  if (s.type !== 'object' || !props) return { rows: null, type: typeText(s) };
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(([name, p]) => ({
    name,
    type: typeText(p),
    required: io === 'output' ? required.has(name) : required.has(name) && !('default' in p),
    note: [p.description, 'default' in p ? `default ${JSON.stringify(p.default)}` : undefined]
      .filter(Boolean)
      .join('; '),
    shape: [p, p.items as Json | undefined].map((x) => x?.title).find((t) => typeof t === 'string') as
      string | undefined,
  }));
  return { rows, type: 'object' };
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** A curl command for the operation's example. */
export function curlOf(op: Operation, origin: string): string {
  const ex = op.doc.example ?? {};
  const path = op.path.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) =>
    encodeURIComponent(ex.params?.[n] ?? `<${n}>`),
  );
  const qs = ex.query ? `?${new URLSearchParams(ex.query).toString()}` : '';
  const lines = [`curl${op.method === 'GET' ? '' : ` -X ${op.method}`} ${quote(origin + path + qs)}`];
  if (op.doc.produces?.type === 'text/event-stream') lines[0] = lines[0]!.replace('curl', 'curl -N');
  if (op.status === 302) lines[0] = lines[0]!.replace('curl', 'curl -i'); // shows the Location header
  if (op.doc.produces?.type === 'application/zip') lines.push('-OJ');
  if (op.doc.setsSession) lines.push('-c cookies.txt');
  if (op.doc.sessionOnly) lines.push('-b cookies.txt', `-H ${quote(`Origin: ${origin}`)}`);
  else if (op.auth && op.auth !== 'public') lines.push(`-H 'Authorization: Bearer sak_YOUR_TOKEN'`);
  if (op.auth === 'token' && op.method === 'POST' && op.path === '/api/mcp') {
    lines.push(`-H 'Accept: application/json, text/event-stream'`);
  }
  if (op.doc.multipart) {
    // A field the example passes in the query (the route takes either) is not sent twice.
    for (const name of Object.keys(op.doc.multipart).filter((n) => ex.query?.[n] === undefined)) {
      lines.push(
        name === 'file' ? `-F ${quote(`file=@./${ex.file ?? 'picture.png'}`)}` : `-F ${quote(`${name}=…`)}`,
      );
    }
  } else if (op.doc.formBody) {
    for (const [k, v] of Object.entries(op.doc.formBody.example))
      lines.push(`--data-urlencode ${quote(`${k}=${v}`)}`);
  } else if (ex.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${quote(JSON.stringify(ex.body))}`);
  }
  return lines.join(' \\\n  ');
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function view(op: Operation, origin: string): OperationView {
  const params: FieldRow[] = pathParams(op.path).map((name) => ({
    name,
    type: 'string (path)',
    required: true,
  }));
  if (op.query)
    params.push(...(fields(op.query, 'input').rows ?? []).map((r) => ({ ...r, type: `${r.type} (query)` })));
  const body = op.body ? fields(op.body, 'input') : null;
  const response = op.doc.response ? fields(op.doc.response, 'output') : null;
  const auth = authText(op);
  const readOnly =
    op.method !== 'GET' && (op.auth === 'user' || op.auth === 'admin') && !op.readOnlyOk
      ? ' Read-only tokens are refused.'
      : '';
  return {
    id: slug(`${op.method} ${op.path}`),
    method: op.method,
    path: op.path,
    summary: op.doc.summary,
    description: op.doc.description,
    auth: `${auth}.${readOnly}`,
    params,
    body: op.doc.multipart
      ? Object.entries(op.doc.multipart).map(([name, note]) => ({
          name,
          type: name === 'file' ? 'file' : 'string',
          required: name === 'file',
          note,
        }))
      : (body?.rows ?? null),
    bodyType: op.doc.multipart
      ? 'multipart/form-data'
      : body
        ? `application/json${body.rows ? '' : `: ${body.type}`}`
        : null,
    response: response?.rows ?? null,
    responseType: op.doc.response
      ? `application/json${response?.rows ? '' : `: ${response?.type}`}`
      : (op.doc.produces?.description ?? ''),
    status: op.status,
    errors: errorStatuses(op).map((status) => ({ status, text: ERROR_TEXT[status] ?? '' })),
    curl: curlOf(op, origin),
  };
}

/** Every area with its operations, for the reference page. */
export function referenceAreas(origin: string): AreaView[] {
  const ops = operationsOf(AREAS);
  return AREAS.map((area) => ({
    id: slug(area.name),
    name: area.name,
    description: area.description,
    operations: ops.filter((o) => o.area === area.name).map((o) => view(o, origin)),
  }));
}

export interface ShapeView {
  name: string;
  fields: FieldRow[];
}

/** The named response shapes (Tag, Card, …) with their fields, listed once at the end of the page. */
export function referenceShapes(): ShapeView[] {
  return Object.entries(NAMED_SHAPES).map(([name, schema]) => ({
    name,
    fields: fields(schema, 'output').rows ?? [],
  }));
}
