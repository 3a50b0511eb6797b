// The API reference (docs/decisions.md "API reference generated from the route schemas"): every /api route of
// app/routes.ts is described with exactly the methods its module answers, every example passes the schemas the
// route validates with, live answers of the JSON GET routes pass their response schemas, and the document and the
// reference page are served.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { AppearancesDtoSchema, ThemeAppearanceDtoSchema } from '#server/appearance/appearance.dto';
import { CardDtoSchema } from '#server/cards/card.dto';
import { BootstrapDtoSchema } from '#server/navigation/bootstrap.dto';
import { FloatingButtonDtoSchema } from '#server/settings/settings.dto';
import { TagDtoSchema } from '#server/tags/tag.dto';
import { handlersOf, operationsOf, type AreaDoc, type Operation } from '~/lib/openapi/describe';
import { CARD, CHANNEL_INPUT, NOTE_CARD, SOCIAL_CARD, TAG, THEME, USER } from '~/lib/openapi/examples';
import { PROGRESS_EXAMPLE_ID } from '~/lib/openapi/areas/data';
import { AREAS } from '~/lib/openapi/openapi.server';
import { buildOpenApi, pathParams } from '~/lib/openapi/build';
import { itemsOf } from '~/lib/openapi/shapes';
import { referenceShapes } from '~/lib/openapi/reference.server';
import { admin, tokenClient } from '../factories';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { allRoutes, isApiPath } from './route-table';

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const apiRoutes = allRoutes.filter((r) => isApiPath(r.path) && !r.path.includes('*'));

/** What is wrong with the descriptions against the route table: missing routes, wrong methods, stale entries. */
function coverageProblems(areas: AreaDoc[]): string[] {
  const problems: string[] = [];
  const described = new Map(areas.flatMap((a) => a.routes.map((r) => [r.path, r] as const)));
  for (const route of apiRoutes) {
    const doc = described.get(`/${route.path}`);
    if (!doc) {
      problems.push(`/${route.path} (${route.file}) has no description`);
      continue;
    }
    const handlers = handlersOf(doc.module);
    if (!handlers) continue; // the MCP transports: their methods are checked by their own tests
    const answered = ALL_METHODS.filter((m) => handlers[m]);
    const documented = ALL_METHODS.filter((m) => doc.methods[m]);
    if (answered.join() !== documented.join()) {
      problems.push(`/${route.path}: answers ${answered.join(',')} but describes ${documented.join(',')}`);
    }
  }
  // Described routes outside /api (the MCP authorization flow's JSON endpoints) must be routed too.
  const routed = new Set(allRoutes.map((r) => `/${r.path}`));
  for (const p of described.keys()) if (!routed.has(p)) problems.push(`${p} is described but not routed`);
  return problems;
}

function parseProblem(schema: ZodType | undefined, value: unknown, what: string): string | null {
  if (value === undefined) return null;
  if (!schema) return `${what}: an example but no schema`;
  const r = schema.safeParse(value);
  return r.success
    ? null
    : `${what}: ${r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
}

function exampleProblems(op: Operation): string[] {
  const name = `${op.method} ${op.path}`;
  const ex = op.doc.example;
  if (!ex) return [`${name}: no example`];
  const problems = [
    parseProblem(op.body, ex.body, `${name} body`),
    parseProblem(op.query, ex.query, `${name} query`),
    parseProblem(op.doc.response, ex.response, `${name} response`),
  ];
  if (op.body && ex.body === undefined && op.body.safeParse(undefined).success === false) {
    problems.push(`${name}: the body is required but the example has none`);
  }
  if (op.doc.response && ex.response === undefined) problems.push(`${name}: no example response`);
  for (const p of pathParams(op.path))
    if (!ex.params?.[p]) problems.push(`${name}: no example value for :${p}`);
  return problems.filter((p): p is string => p !== null);
}

describe('API reference: coverage', () => {
  it('describes every /api route of app/routes.ts with the methods its module answers', () => {
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(coverageProblems(AREAS)).toEqual([]);
  });

  it('notices a route without a description, and a description of a method the route does not answer', () => {
    const [first, ...rest] = AREAS;
    const withoutOne = [{ ...first!, routes: first!.routes.slice(1) }, ...rest];
    expect(coverageProblems(withoutOne)).toEqual([expect.stringContaining('has no description')]);
    const route = first!.routes[0]!;
    const extra = { ...route, methods: { ...route.methods, PATCH: { summary: 'x' } } };
    const withExtra = [{ ...first!, routes: [extra, ...first!.routes.slice(1)] }, ...rest];
    expect(coverageProblems(withExtra)).toEqual([expect.stringContaining('but describes')]);
  });

  it('points every description at the module app/routes.ts mounts there', async () => {
    const described = new Map(AREAS.flatMap((a) => a.routes.map((r) => [r.path, r.module] as const)));
    for (const route of apiRoutes) {
      const mod = (await import(path.resolve(import.meta.dirname, '../../app', route.file))) as {
        loader?: unknown;
      };
      expect(described.get(`/${route.path}`)?.loader, route.path).toBe(mod.loader);
    }
  });

  it('knows who may call each operation, and its examples pass the schemas the route validates with', () => {
    const ops = operationsOf(AREAS);
    expect(ops.filter((o) => !o.auth).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(ops.flatMap(exampleProblems)).toEqual([]);
  });

  it('builds a document whose operation ids are unique and whose references all resolve', () => {
    const doc = buildOpenApi(AREAS, 'https://nav.test', '1.0.0') as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      const target = ref
        .split('/')
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);
      expect(target, ref).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain('"additionalProperties":false');
  });

  it('lists the fields of every named shape, a union of objects (the profile) included', () => {
    const shapes = new Map(referenceShapes().map((s) => [s.name, s.fields.map((f) => f.name)]));
    for (const [name, fields] of shapes) expect(fields.length, name).toBeGreaterThan(3);
    expect(shapes.get('Profile')).toEqual(expect.arrayContaining(['role', 'avatarColor', 'hasPassword']));
    expect(shapes.get('Card')).toEqual(expect.arrayContaining(['siteTodos', 'siteRelatedSites', 'tags']));
  });

  it('refuses an example that does not fit', () => {
    const op = operationsOf(AREAS).find((o) => o.method === 'POST' && o.path === '/api/tags')!;
    const bad = { ...op, doc: { ...op.doc, example: { body: { name: '' }, response: { item: { id: 1 } } } } };
    expect(exampleProblems(bad)).toHaveLength(2);
  });
});

describe('API reference: served', () => {
  let token: Client;
  const real: Record<string, string> = {};
  /** The set-up's own writes: their answers are checked against the shapes their operations are described with. */
  const written: { method: string; path: string; json: unknown }[] = [];

  beforeAll(async () => {
    await resetDatabase();
    const { user, client } = await admin();
    const tag = await client.post('/api/tags', { name: 'Docs' });
    const card = await client.post('/api/site-cards', {
      name: 'MDN',
      siteUrl: 'https://mdn.test/',
      tagIds: [tag.json.item.id],
    });
    const social = await client.post('/api/social-cards', {
      cardType: 'email',
      payload: { email: 'a@b.test' },
    });
    const note = await client.post('/api/note-cards', { content: '- [ ] read' });
    const changed = await client.put('/api/site-cards', {
      id: card.json.item.id,
      siteTodos: [{ id: 'todo-1', text: 'read', completed: false }],
      siteAccessRules: { urls: [{ id: 'lan', url: 'http://10.0.0.2/', label: 'LAN' }] },
    });
    const snapshot = await client.post('/api/snapshots', { label: 'docs' });
    const channel = await client.post('/api/notifications', CHANNEL_INPUT);
    expect(channel.status, channel.text).toBe(201);
    // Stored looks (GET /api/appearance then maps rows; the bootstrap keeps the defaults) and a feedback link.
    const look = { ...THEME, fontPreset: 'serif', desktopCardFrosted: 40, isDefault: true };
    const appearance = await client.put('/api/appearance', { light: look, dark: THEME });
    expect(appearance.status, appearance.text).toBe(200);
    const buttons = await client.put('/api/floating-buttons', {
      buttons: [{ id: 'feedback', label: '', enabled: true, customData: { url: 'https://issues.test/' } }],
    });
    expect(buttons.json).toContainEqual(
      expect.objectContaining({ customData: { url: 'https://issues.test/' } }),
    );
    expect(snapshot.json.item).toBeDefined();
    written.push(
      { method: 'POST', path: '/api/snapshots', json: snapshot.json },
      { method: 'POST', path: '/api/notifications', json: channel.json },
      { method: 'PUT', path: '/api/appearance', json: appearance.json },
      { method: 'PUT', path: '/api/floating-buttons', json: buttons.json },
      { method: 'POST', path: '/api/tags', json: tag.json },
      { method: 'POST', path: '/api/site-cards', json: card.json },
      { method: 'PUT', path: '/api/site-cards', json: changed.json },
      { method: 'POST', path: '/api/social-cards', json: social.json },
      { method: 'POST', path: '/api/note-cards', json: note.json },
    );
    // A finished job for the progress routes' live check (a progress record is per user, whatever its kind).
    const exported = await client.post('/api/user/data/export', undefined, {
      headers: { 'x-progress-id': PROGRESS_EXAMPLE_ID },
    });
    expect(exported.status).toBe(200);
    Object.assign(real, {
      [TAG.id]: tag.json.item.id,
      [CARD.id]: card.json.item.id,
      [SOCIAL_CARD.id]: social.json.item.id,
      [NOTE_CARD.id]: note.json.item.id,
      [USER.id]: user._id,
    });
    token = await tokenClient(user);
  });

  it('answers /api/openapi.json publicly, cacheable, with every route and method', async () => {
    const res = await new Client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(res.json.components.securitySchemes)).toEqual(['sessionCookie', 'accessToken']);
    for (const op of operationsOf(AREAS)) {
      const p = op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(res.json.paths[p]?.[op.method.toLowerCase()], `${op.method} ${p}`).toBeDefined();
    }
    const createTag = res.json.paths['/api/tags'].post;
    expect(createTag.requestBody.content['application/json'].schema.required).toEqual(['name']);
    expect(createTag.security).toEqual([{ sessionCookie: [] }, { accessToken: [] }]);
    expect(createTag.responses['401'].$ref).toBe('#/components/responses/E401');
    expect(res.json.paths['/api/mcp'].post.security).toEqual([{ accessToken: [] }]);
  });

  /** A JSON GET's live answer, its path parameters and query filled with the set-up's real ids. */
  async function liveGet(op: Operation) {
    const ex = op.doc.example;
    const url = op.path.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => real[ex?.params?.[p] ?? ''] ?? '');
    const query = Object.fromEntries(Object.entries(ex?.query ?? {}).map(([k, v]) => [k, real[v] ?? v]));
    const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
    return token.get(`${url}${qs}`);
  }

  /** JSON GETs the live check can call: no path parameters, or only ones the set-up made real. */
  const liveGets = () =>
    operationsOf(AREAS).filter(
      (o) =>
        o.method === 'GET' &&
        o.doc.response &&
        pathParams(o.path).every((p) => real[o.doc.example?.params?.[p] ?? ''] !== undefined),
    );

  it('every JSON GET answers live in the shape it is described with', async () => {
    const gets = liveGets();
    expect(gets.length).toBeGreaterThan(15);
    expect(gets.map((o) => o.path)).toContain('/api/social-cards/:id');
    for (const op of gets) {
      const res = await liveGet(op);
      expect(res.status, `${op.path}: ${res.text.slice(0, 200)}`).toBe(op.status);
      expect(parseProblem(op.doc.response, res.json, op.path)).toBeNull();
    }
  });

  it('the answers of the writes pass the shapes their operations are described with', () => {
    const ops = operationsOf(AREAS);
    for (const w of written) {
      const op = ops.find((o) => o.method === w.method && o.path === w.path)!;
      expect(parseProblem(op.doc.response, w.json, `${w.method} ${w.path}`)).toBeNull();
    }
  });

  it('a DTO schema that drifts from the answer fails the live check, whichever side has the extra field', async () => {
    const cards = (await token.get('/api/site-cards')).json;
    expect(parseProblem(itemsOf(CardDtoSchema), cards, 'cards')).toBeNull();
    // A field the service sends and the schema no longer names, and a field the schema names that is not sent.
    const lacking = itemsOf(CardDtoSchema.omit({ siteNotes: true }));
    expect(parseProblem(lacking, cards, 'cards')).toMatch(/siteNotes/);
    const extra = itemsOf(CardDtoSchema.extend({ siteColour: z.string() }));
    expect(parseProblem(extra, cards, 'cards')).toMatch(/siteColour/);
    const tags = (await token.get('/api/navigation/tags')).json;
    expect(parseProblem(itemsOf(TagDtoSchema.omit({ slug: true })), tags, 'tags')).toMatch(/slug/);
    // The answers that had only loose hand-written shapes before: a theme, the floating buttons, the bootstrap.
    const looks = (await token.get('/api/appearance')).json;
    expect(parseProblem(AppearancesDtoSchema, looks, 'appearance')).toBeNull();
    const lackingUrl = ThemeAppearanceDtoSchema.omit({ logoUrl: true });
    expect(parseProblem(z.object({ light: lackingUrl }), looks, 'appearance')).toMatch(/logoUrl/);
    const buttons = (await token.get('/api/floating-buttons')).json;
    expect(parseProblem(z.array(FloatingButtonDtoSchema), buttons, 'buttons')).toBeNull();
    const noLink = z.array(FloatingButtonDtoSchema.omit({ customData: true }));
    expect(parseProblem(noLink, buttons, 'buttons')).toMatch(/customData/);
    const boot = (await token.get('/api/admin/bootstrap')).json;
    expect(parseProblem(BootstrapDtoSchema, boot, 'bootstrap')).toBeNull();
    const defaultsLacking = BootstrapDtoSchema.extend({
      appearances: z.strictObject({
        light: ThemeAppearanceDtoSchema.omit({ isDefault: true }),
        dark: z.unknown(),
      }),
    });
    expect(parseProblem(defaultsLacking, boot, 'bootstrap')).toMatch(/isDefault/);
    expect(parseProblem(BootstrapDtoSchema.omit({ sites: true }), boot, 'bootstrap')).toMatch(/sites/);
  });

  it('operations described as browser-session only refuse an access token', async () => {
    const only = operationsOf(AREAS).filter((o) => o.doc.sessionOnly);
    expect(only.map((o) => o.path).sort()).toEqual([
      '/api/auth/switch',
      '/api/user/delete-account',
      '/api/user/tokens',
    ]);
    for (const op of only) {
      const res = await token.call(op.method, op.path, { body: op.doc.example?.body });
      expect(res.status, op.path).toBe(403);
    }
  });

  it('serves the reference page with every operation and a curl example', async () => {
    const res = await new Client().get('/docs/api');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const op of operationsOf(AREAS)) expect(res.text).toContain(`>${op.path}</code>`);
    expect(res.text).toContain('curl -X POST');
    expect(res.text).toContain('Authorization: Bearer sak_YOUR_TOKEN');
  });
});
