// The auth matrix of the routes outside /api (the pages, their actions and the small resource routes beside them):
// pages are for browsers, so an access token gives no rights there. The walk comes from the route table
// (app/routes.ts), so a page added later is covered without editing this file. Every post made with a token (full
// or read-only, with a forged CSRF cookie and field as a script would send) is refused and changes nothing in the
// database; a page read with a token is a visitor's read. The second part replays the security review's attack.
import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { UserModel } from '#server/users/user.model';
import { admin, createUser, sessionClient } from '../factories';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { PNG, fileForm } from './account-helpers';
import { actionUrl, hasAction, pageRoutes, urlOf } from './route-table';

const FORGED = 'f'.repeat(64);
const WALK_TIMEOUT = 240_000;

/** A digest of every document in the database: equal digests mean nothing was written. */
async function fingerprint(): Promise<string> {
  const db = mongoose.connection.db!;
  const hash = createHash('sha256');
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  for (const name of names) {
    const docs = await db.collection(name).find({}).toArray();
    hash.update(name);
    for (const line of docs.map((d) => JSON.stringify(d)).sort()) hash.update(line);
  }
  return hash.digest('hex');
}

/** A script's form post: the forged double-submit pair and whatever token the client carries. */
function scriptPost(c: Client, url: string, fields: Record<string, string>) {
  c.cookies.set('csrf_token', FORGED);
  return c.call('POST', url, {
    rawBody: new URLSearchParams({ csrf: FORGED, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

interface World {
  owner: Client;
  bobId: string;
  bobUsername: string;
  tokens: { full: string; readOnly: string; bobFull: string; bobReadOnly: string; ownerTokenId: string };
  ids: { tag: string; site: string; note: string; social: string };
}
let w: World;

async function token(c: Client, name: string, readOnly: boolean) {
  const res = await c.post('/api/user/tokens', { name, expiresIn: 'never', readOnly });
  expect(res.status, res.text).toBe(201);
  return res.json as { token: string; id: string };
}

beforeAll(async () => {
  await resetDatabase();
  const { client: owner } = await admin();
  const bob = await createUser({ username: 'bob' });
  const bobClient = await sessionClient(bob);
  const full = await token(owner, 'full', false);
  const readOnly = await token(owner, 'read-only', true);
  const bobFull = await token(bobClient, 'bob-full', false);
  const bobReadOnly = await token(bobClient, 'bob-ro', true);
  const tagId = (await owner.create('/api/tags', { name: 'Tools' })).id;
  const site = await owner.post('/api/site-cards', {
    name: 'Site',
    siteUrl: 'https://example.com',
    tagIds: [tagId],
  });
  const note = await owner.post('/api/note-cards', { title: 'Note', content: 'Hello' });
  const social = await owner.post('/api/social-cards', {
    cardType: 'github',
    payload: { url: 'https://github.com/x' },
  });
  w = {
    owner,
    bobId: bob._id,
    bobUsername: bob.username,
    tokens: {
      full: full.token,
      readOnly: readOnly.token,
      bobFull: bobFull.token,
      bobReadOnly: bobReadOnly.token,
      ownerTokenId: full.id,
    },
    ids: { tag: tagId, site: site.json.item.id, note: note.json.item.id, social: social.json.item.id },
  };
  for (const [k, v] of Object.entries(w.ids)) expect(v, `fixture ${k}`).toBeTruthy();
});

/** Real ids for the route parameters, so an action that took the token would find something to change. */
function paramValue(name: string, pattern: string): string {
  if (name === 'tagId') return w.ids.tag;
  if (name === 'id') return pattern.startsWith('social') ? w.ids.social : w.ids.note;
  if (pattern.includes('notes/')) return w.ids.note;
  if (pattern.includes('social/')) return w.ids.social;
  return w.ids.site;
}

// Fields that between them drive every page form (each action reads the ones it knows).
const INTENTS = [
  '',
  'role',
  'registration',
  'delete',
  'profile',
  'token-delete',
  'delete-account',
  'pin',
  'card-down',
  'oauth-unbind',
  'save',
  'test',
  'base',
  // settings pages and the note editor's files
  'look',
  'buttons',
  'settings',
  'picture-set',
  'picture-remove',
  'attachment-rename',
  'attachment-delete',
];
function fieldsFor(intent: string): Record<string, string> {
  return {
    intent,
    id:
      intent === 'role' || intent === 'delete'
        ? w.bobId
        : intent === 'token-delete'
          ? w.tokens.ownerTokenId
          : w.ids.site,
    role: 'admin',
    enabled: 'false',
    nickname: 'hijacked',
    confirm: 'admin',
    name: 'Hijacked',
    title: 'Hijacked',
    content: 'Hijacked',
    siteUrl: 'https://evil.example',
    'payload.url': 'https://evil.example',
    theme: 'dark',
    returnTo: '/',
    provider: 'github',
    clientId: 'hijacked',
    clientSecret: 'hijacked-secret',
    baseUrl: 'https://evil.example',
    slot: 'desktop',
    fontPreset: 'serif',
    fontSize: '20',
    textColor: '#ff0000',
    overlay: '10',
    siteName: 'Hijacked',
    'b0.id': 'scroll-top',
    'b0.label': 'Hijacked',
    filename: 'hijacked.txt',
  };
}

describe('page routes and access tokens', () => {
  it('finds the page routes and their actions in the route table', () => {
    expect(pageRoutes.length).toBeGreaterThan(10);
    const withActions = pageRoutes.filter((r) => hasAction(r.file)).map((r) => r.path);
    for (const p of [
      'admin/users',
      'admin/oauth',
      'profile',
      'undo',
      'preferences',
      'logout',
      'edit/tags/new',
      'settings/appearance',
      'settings/site',
    ])
      expect(withActions).toContain(p);
  });

  it(
    'refuses every page post made with a full or a read-only token, and nothing changes',
    async () => {
      const walk = async (kind: string, secret: string, eachRoute: boolean) => {
        for (const r of pageRoutes) {
          const url = actionUrl(r, paramValue);
          const before = eachRoute ? await fingerprint() : '';
          // A route without an action answers before any field is read: one post stands for every intent.
          for (const intent of hasAction(r.file) ? INTENTS : ['']) {
            const res = await scriptPost(new Client({ token: secret }), url, fieldsFor(intent));
            const expected = hasAction(r.file) ? [403] : [403, 405];
            expect(expected, `POST ${url} intent=${intent} with a ${kind} token: ${res.status}`).toContain(
              res.status,
            );
          }
          if (eachRoute)
            expect(await fingerprint(), `POST ${url} with a ${kind} token changed the database`).toBe(before);
        }
      };
      for (const [kind, secret] of [
        ['full', w.tokens.full],
        ['read-only', w.tokens.readOnly],
      ] as const) {
        // The database is read whole before and after the walk (each read is a scan of every collection); only
        // when it changed is the walk repeated route by route to name the route that changed it.
        const before = await fingerprint();
        await walk(kind, secret, false);
        if ((await fingerprint()) !== before) await walk(kind, secret, true);
        expect(await fingerprint(), `a page post with a ${kind} token changed the database`).toBe(before);
      }
    },
    WALK_TIMEOUT,
  );

  it(
    'serves pages to a token as to a visitor: no signed-in page, even beside a session cookie',
    async () => {
      const withToken = new Client({ token: w.tokens.full });
      for (const r of pageRoutes.filter(
        (p) =>
          p.path === 'profile' ||
          p.path.startsWith('edit') ||
          p.path.startsWith('settings/') ||
          p.path.startsWith('admin/'),
      )) {
        const url = urlOf(r.path, paramValue);
        const res = await withToken.get(url);
        expect(res.status, `GET ${url} with a token`).toBe(302);
        expect(res.headers.get('location'), `GET ${url} with a token`).toMatch(/^\/login\?redirectTo=/);
      }
      const both = new Client({ token: w.tokens.full });
      for (const [k, v] of w.owner.cookies) both.cookies.set(k, v);
      expect((await both.get('/profile')).status).toBe(302);
      // The same cookie alone is a signed-in browser (the check above is not vacuous).
      expect((await w.owner.get('/profile')).status).toBe(200);
    },
    WALK_TIMEOUT,
  );
});

describe('the security review’s attack, replayed', () => {
  it('an administrator’s read-only token with a forged CSRF pair changes nothing through the page forms', async () => {
    const ro = () => new Client({ token: w.tokens.readOnly });
    const bobRo = () => new Client({ token: w.tokens.bobReadOnly });
    const before = await fingerprint();
    const attempts: [Client, string, Record<string, string>][] = [
      [ro(), '/admin/users', { intent: 'role', id: w.bobId, role: 'admin' }],
      [ro(), '/admin/users', { intent: 'registration', enabled: 'false' }],
      [ro(), '/admin/users', { intent: 'delete', id: w.bobId }],
      [ro(), '/profile', { intent: 'profile', nickname: 'pwned' }],
      [ro(), '/profile', { intent: 'oauth-unbind', provider: 'github' }],
      [
        ro(),
        '/admin/oauth',
        { intent: 'save', provider: 'github', enabled: 'on', clientId: 'x', clientSecret: 'y' },
      ],
      [ro(), '/admin/oauth', { intent: 'base', baseUrl: 'https://evil.example' }],
      [ro(), '/profile', { intent: 'token-delete', id: w.tokens.ownerTokenId }],
      [ro(), '/edit/tags/new', { name: 'Planted' }],
      [bobRo(), '/profile', { intent: 'delete-account', confirm: w.bobUsername }],
      [
        new Client({ token: w.tokens.bobFull }),
        '/profile',
        { intent: 'delete-account', confirm: w.bobUsername },
      ],
    ];
    for (const [c, url, fields] of attempts) {
      const res = await scriptPost(c, url, fields);
      expect(res.status, `POST ${url} ${fields.intent ?? ''}`).toBe(403);
    }
    // The avatar upload is a multipart post.
    const form = new FormData();
    form.append('csrf', FORGED);
    form.append('intent', 'avatar');
    form.append('file', fileForm(PNG, 'a.png', 'image/png').get('file')!);
    const c = ro();
    c.cookies.set('csrf_token', FORGED);
    const upload = await c.call('POST', '/profile', { rawBody: form });
    expect(upload.status).toBe(403);
    // So are the settings pages' and the note editor's uploads.
    for (const [url, fields] of [
      ['/settings/appearance', { intent: 'upload', theme: 'light', slot: 'desktop' }],
      ['/settings/site', { intent: 'upload', slot: 'favicon' }],
      [`/edit/notes/${w.ids.note}`, { intent: 'attachment' }],
      [`/edit/notes/${w.ids.note}`, { intent: 'image' }],
    ] as const) {
      const f = new FormData();
      f.append('csrf', FORGED);
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      f.append('file', fileForm(PNG, 'a.png', 'image/png').get('file')!);
      const res = await c.call('POST', url, { rawBody: f });
      expect(res.status, `multipart POST ${url}`).toBe(403);
    }

    expect(await fingerprint()).toBe(before);
    expect((await UserModel.findById(w.bobId).lean())?.role).toBe('user');
    expect(await UserModel.exists({ _id: ADMIN_ID })).toBeTruthy();
  });

  it('the same form post from the signed-in browser still works (the refusal is about the token)', async () => {
    const res = await scriptPost(w.owner, '/admin/users', { intent: 'role', id: w.bobId, role: 'admin' });
    expect(res.status).toBe(302);
    expect((await UserModel.findById(w.bobId).lean())?.role).toBe('admin');
    // Back as it was, for the file's other tests.
    const back = await scriptPost(w.owner, '/admin/users', { intent: 'role', id: w.bobId, role: 'user' });
    expect(back.status).toBe(302);
    expect((await UserModel.findById(w.bobId).lean())?.role).toBe('user');
  });
});
