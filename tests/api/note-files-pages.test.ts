// The note editor's pictures, files and attachments without JavaScript (plain multipart and form posts), and the
// icon field the note and social editors gained.
import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { admin, newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';
import type { Client } from '../setup/client';
import { PNG } from './account-helpers';

async function postForm(c: Client, path: string, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', path, {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function upload(csrf: string, intent: string, bytes: Buffer | string, name: string, type: string) {
  const f = new FormData();
  f.append('csrf', csrf);
  f.append('intent', intent);
  f.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return f;
}

async function noteOf(c: Client) {
  const res = await c.post('/api/note-cards', { title: 'Trip', content: 'Packing list' });
  expect(res.status, res.text).toBe(200);
  return res.json.item.id as string;
}

beforeEach(async () => {
  await resetDatabase();
});

describe('note editor files without JavaScript', () => {
  it('attaches, lists, renames, downloads and deletes an attachment', async () => {
    await admin();
    const c = await newUserClient({ username: 'ann' });
    const id = await noteOf(c);
    const page = `/edit/notes/${id}`;
    expect((await c.get(page)).text).toContain('id="note-files"');

    const forged = await c.call('POST', page, {
      rawBody: upload('0'.repeat(64), 'attachment', 'hello', 'a.txt', 'text/plain'),
    });
    expect(forged.status).toBe(403);
    expect(await AssetModel.countDocuments({})).toBe(0);

    const res = await c.call('POST', page, {
      rawBody: upload(c.csrf()!, 'attachment', 'hello world', 'plan.txt', 'text/plain'),
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(res.headers.get('location')).toBe(`${page}#note-files`);
    const listed = (await c.get(`/api/note-cards/attachment?noteId=${id}`)).json.items;
    expect(listed).toHaveLength(1);
    const html = (await c.get(page)).text;
    expect(html).toContain(`href="${listed[0].url}"`);
    expect(html).toContain('plan.txt');
    expect((await c.get(listed[0].url)).text).toBe('hello world');

    const renamed = await postForm(c, page, {
      intent: 'attachment-rename',
      id: listed[0].id,
      filename: 'route.txt',
    });
    expect(renamed.status).toBe(302);
    expect((await c.get(`/api/note-cards/attachment?noteId=${id}`)).json.items[0].filename).toBe('route.txt');

    // Another user can neither rename nor delete it through their own editor.
    const bob = await newUserClient({ username: 'bob' });
    const bobPage = `/edit/notes/${await noteOf(bob)}`;
    await bob.get(bobPage);
    expect(
      (await postForm(bob, bobPage, { intent: 'attachment-rename', id: listed[0].id, filename: 'x' })).status,
    ).toBe(404);
    expect((await postForm(bob, bobPage, { intent: 'attachment-delete', id: listed[0].id })).status).toBe(
      404,
    );

    const deleted = await postForm(c, page, { intent: 'attachment-delete', id: listed[0].id });
    expect(deleted.status).toBe(302);
    expect(await AssetModel.countDocuments({})).toBe(0);
  });

  it('adds a picture or a file to the end of the saved text', async () => {
    await admin();
    const c = await newUserClient({ username: 'ann' });
    const id = await noteOf(c);
    const page = `/edit/notes/${id}`;
    await c.get(page);
    const pic = await c.call('POST', page, {
      rawBody: upload(c.csrf()!, 'image', PNG, 'map.png', 'image/png'),
    });
    expect(pic.status, pic.text.slice(0, 300)).toBe(302);
    const file = await c.call('POST', page, {
      rawBody: upload(c.csrf()!, 'file', 'a,b\n1,2\n', 'costs.csv', 'text/csv'),
    });
    expect(file.status).toBe(302);
    const content = (await c.get('/api/note-cards')).json.items[0].content as string;
    expect(content).toMatch(
      /^Packing list\n\n!\[map\.png\]\(\/api\/note-cards\/img\/asset-[0-9a-f-]{36}\)\n\n\[costs\.csv\]\(\/api\/note-cards\/file\/asset-[0-9a-f-]{36}\)\n?$/,
    );
    const html = (await c.get(page)).text;
    expect(html).toMatch(/<img src="\/api\/note-cards\/img\/asset-/);

    // A program is refused with the page's message, and nothing is stored.
    const before = await AssetModel.countDocuments({});
    const exe = await c.call('POST', page, {
      rawBody: upload(c.csrf()!, 'file', 'MZ\x90\x00', 'setup.exe', 'application/octet-stream'),
    });
    expect(exe.status).toBe(415);
    expect(exe.text).toContain('Programs and scripts are not accepted');
    expect(await AssetModel.countDocuments({})).toBe(before);
  });
});

describe('icon fields of the note and social editors', () => {
  it('saves and clears a note’s icon URL', async () => {
    await admin();
    const c = await newUserClient({ username: 'ann' });
    const id = await noteOf(c);
    const page = `/edit/notes/${id}`;
    await c.get(page);
    const res = await postForm(c, page, {
      title: 'Trip',
      content: 'Packing list',
      iconUrl: 'https://example.com/i.png',
      returnTo: '/',
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect((await c.get('/api/note-cards')).json.items[0].iconUrl).toBe('https://example.com/i.png');
    expect((await c.get(page)).text).toContain('value="https://example.com/i.png"');
    const bad = await postForm(c, page, {
      title: 'Trip',
      content: 'Packing list',
      iconUrl: 'javascript:alert(1)',
      returnTo: '/',
    });
    expect(bad.status).toBe(400);
    await postForm(c, page, { title: 'Trip', content: 'Packing list', iconUrl: '', returnTo: '/' });
    expect((await c.get('/api/note-cards')).json.items[0].iconUrl).toBeNull();
  });

  it('saves a social card’s icon URL', async () => {
    await admin();
    const c = await newUserClient({ username: 'ann' });
    const created = await c.post('/api/social-cards', {
      cardType: 'github',
      payload: { url: 'https://github.com/x' },
    });
    const id = created.json.item.id as string;
    const page = `/edit/social/${id}`;
    await c.get(page);
    const res = await postForm(c, page, {
      cardType: 'github',
      'payload.url': 'https://github.com/x',
      iconUrl: 'https://example.com/gh.png',
      returnTo: '/',
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect((await c.get('/api/social-cards')).json.items[0].iconUrl).toBe('https://example.com/gh.png');
  });
});
