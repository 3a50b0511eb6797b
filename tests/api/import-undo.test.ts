// Imports can be undone: a bookmark import answers the automatic snapshot taken before it, and imports that change
// nothing take none (issue 26, items 3 and 15).
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createUser, newUserClient } from '../factories';
import type { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { download, importZip } from './zip-helpers';

const snapshots = async (c: Client) =>
  (await c.get('/api/snapshots')).json.items as { id: string; label: string; reason: string | null }[];
const siteNames = async (c: Client) =>
  ((await c.get('/api/site-cards')).json.items as { name: string }[]).map((s) => s.name).sort();
const batch = (c: Client, body: unknown) => c.post('/api/site-cards/batch', body);

/** Pages need a set-up instance (an administrator). */
const setUp = () => createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });

/** Posts a page form like a browser without JavaScript. */
async function postForm(c: Client, path: string, fields: Record<string, string | string[]>) {
  if (!c.csrf()) await c.get('/login');
  const body = new URLSearchParams({ csrf: c.csrf()! });
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return c.call('POST', path, {
    rawBody: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('undoing a bookmark import', () => {
  beforeEach(resetDatabase);

  it('answers the snapshot taken before it; restoring that snapshot removes every chunk of the import', async () => {
    const a = await newUserClient({ username: 'alice' });
    const before = await siteNames(a);
    const first = await batch(a, {
      items: [{ name: 'One', url: 'https://one.example/' }],
      allowDuplicates: true,
    });
    expect(first.status).toBe(200);
    const snapshotId = first.json.snapshotId as string;
    expect(snapshotId).toMatch(/^snap-/);
    // The fields older clients read are all still there.
    expect(first.json).toMatchObject({ ok: true, total: 1, created: 1, skipped: 0, updated: 0 });
    expect(await snapshots(a)).toEqual([
      expect.objectContaining({ id: snapshotId, reason: 'bookmarks', label: 'auto: before bookmark import' }),
    ]);

    // A later chunk of the same import names the first one's snapshot: no second snapshot.
    const second = await batch(a, {
      items: [{ name: 'Two', url: 'https://two.example/' }],
      allowDuplicates: true,
      snapshotId,
    });
    expect(second.json).toMatchObject({ created: 1, snapshotId });
    expect((await snapshots(a)).map((s) => s.id)).toEqual([snapshotId]);

    const restored = await a.post(`/api/snapshots?action=restore&id=${snapshotId}`);
    expect(restored.status).toBe(200);
    expect(await siteNames(a)).toEqual(before);
  });

  it('takes no snapshot when nothing would be imported, and refuses a snapshot that is not the caller’s', async () => {
    const a = await newUserClient({ username: 'alice' });
    await a.post('/api/site-cards', { name: 'Existing', siteUrl: 'https://existing.example/' });
    const res = await batch(a, { items: [{ name: 'Again', url: 'http://existing.example' }] });
    expect(res.json).toMatchObject({ created: 0, skipped: 1, snapshotId: null });
    expect(await snapshots(a)).toEqual([]);

    const b = await newUserClient({ username: 'bob' });
    const theirs = (await batch(b, { items: [{ name: 'B', url: 'https://b.example/' }] })).json.snapshotId;
    const refused = await batch(a, { items: [{ name: 'X', url: 'https://x.example/' }], snapshotId: theirs });
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('not_found');
    expect(await siteNames(a)).not.toContain('X');
  });

  it('the page without JavaScript offers an Undo that restores the snapshot', async () => {
    await setUp();
    const a = await newUserClient({ username: 'alice' });
    const before = await siteNames(a);
    await a.get('/bookmarks');
    const file = new FormData();
    file.append('csrf', a.csrf()!);
    file.append('file', new Blob(['<DL><p><DT><A HREF="https://paged.example/">Paged</A></DL>']), 'b.html');
    const preview = await a.post('/bookmarks', undefined, { rawBody: file });
    const token = /name="token" value="([^"]*)"/.exec(preview.text)![1]!;
    const done = await postForm(a, '/bookmarks', { token, keep: '0' });
    expect(done.status).toBe(302);
    expect(await siteNames(a)).toContain('Paged');
    const page = await a.get(done.headers.get('location')!);
    const [snapshot] = await snapshots(a);
    // The result names the snapshot in an Undo form posting to /undo.
    expect(page.text).toContain(`name="snapshot" value="${snapshot!.id}"`);
    const undone = await postForm(a, '/undo', { snapshot: snapshot!.id, returnTo: '/bookmarks' });
    expect(undone.status).toBe(302);
    expect(undone.headers.get('location')).toBe('/bookmarks');
    expect(await siteNames(a)).toEqual(before);
  });
});

describe('automatic snapshots of data imports', () => {
  beforeEach(resetDatabase);

  it('an import that adds nothing takes no snapshot; one that adds something takes one', async () => {
    const a = await newUserClient({ username: 'alice' });
    await a.post('/api/site-cards', { name: 'Mine', siteUrl: 'https://mine.example/' });
    const zip = (await download(a, '/api/user/data/export')).body;
    for (let i = 0; i < 3; i++) {
      const res = await importZip(a, '/api/user/data/import', zip, { mode: 'incremental' });
      expect(res.status, res.text).toBe(200);
    }
    expect(await snapshots(a)).toEqual([]);

    await a.post('/api/user/data/clear');
    const clears = await snapshots(a);
    expect(clears.map((s) => s.reason)).toEqual(['clear']);
    // Clearing an empty space changes nothing: no second snapshot.
    await a.post('/api/user/data/clear');
    expect(await snapshots(a)).toHaveLength(1);

    await importZip(a, '/api/user/data/import', zip, { mode: 'incremental' });
    expect((await snapshots(a)).map((s) => s.reason)).toEqual(['import', 'clear']);
  });

  it('the data page preselects the mode that adds without replacing', async () => {
    await setUp();
    const a = await newUserClient({ username: 'alice' });
    const html = (await a.get('/settings/data')).text;
    const modes = html.match(/<input[^>]*name="mode"[^>]*>/g) ?? [];
    expect(modes).toHaveLength(3);
    expect(modes.filter((m) => /\bchecked/.test(m)).map((m) => /value="(\w+)"/.exec(m)?.[1])).toEqual([
      'incremental',
    ]);
  });
});
