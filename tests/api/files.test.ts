import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { createUser, sessionClient } from '../factories';
import { fileForm } from './account-helpers';
import { PNG_HEAD, download, storedFor, streamUpload } from './file-helpers';

const MB = 1024 * 1024;

async function freshUser() {
  const user = await createUser();
  return { user, c: await sessionClient(user) };
}

// The attachment's 100 MB limit (with the memory it takes) is in files-memory.heavy.test.ts (npm run test:heavy).
describe('upload limits: exactly at the limit is stored, one byte over is 413 with nothing left', () => {
  beforeEach(resetDatabase);

  const cases: { name: string; path: string; limit: number; prefix: Buffer; filename: string }[] = [
    {
      name: 'note image',
      path: '/api/note-cards/upload-image',
      limit: 5 * MB,
      prefix: PNG_HEAD,
      filename: 'a.png',
    },
    {
      name: 'note file',
      path: '/api/note-cards/upload-file',
      limit: 10 * MB,
      prefix: Buffer.from('%PDF-1.4\n'),
      filename: 'a.pdf',
    },
    {
      name: 'wallpaper',
      path: '/api/assets/wallpaper?kind=wallpaper',
      limit: 20 * MB,
      prefix: PNG_HEAD,
      filename: 'w.png',
    },
    {
      name: 'logo',
      path: '/api/assets/wallpaper?kind=logo',
      limit: 5 * MB,
      prefix: PNG_HEAD,
      filename: 'l.png',
    },
    {
      name: 'favicon',
      path: '/api/assets/wallpaper?kind=favicon',
      limit: 1 * MB,
      prefix: PNG_HEAD,
      filename: 'f.png',
    },
    {
      name: 'icon',
      path: '/api/assets/wallpaper?kind=icon',
      limit: 5 * MB,
      prefix: PNG_HEAD,
      filename: 'i.png',
    },
  ];
  for (const k of cases) {
    it(`${k.name}: ${k.limit} bytes`, async () => {
      const { user, c } = await freshUser();
      const ok = await streamUpload(c, k.path, { size: k.limit, prefix: k.prefix, filename: k.filename });
      expect(ok.status).toBe(200);
      expect(await storedFor(user._id)).toEqual({ rows: 1, objects: 1 });
      const id = ok.json.assetId ?? ok.json.id;
      expect((await AssetModel.findById(id).lean())!.size).toBe(k.limit);
      await AssetModel.deleteMany({});
      for (const withLength of [false, true]) {
        const { user: u2, c: c2 } = await freshUser();
        const over = await streamUpload(c2, k.path, {
          size: k.limit + 1,
          prefix: k.prefix,
          filename: k.filename,
          withLength,
        });
        expect(over.status).toBe(413);
        expect(over.json.code).toBe('payload_too_large');
        expect(await storedFor(u2._id)).toEqual({ rows: 0, objects: 0 });
      }
    }, 120_000);
  }
});

describe('file types come from the content; programs are refused', () => {
  beforeEach(resetDatabase);

  it('refuses spoofed images, SVG, executables and scripts (415), nothing stored', async () => {
    const { user, c } = await freshUser();
    const post = (path: string, bytes: Buffer, name: string, type: string) =>
      c.call('POST', path, { rawBody: fileForm(bytes, name, type) });
    const refusals = [
      await post('/api/note-cards/upload-image', Buffer.from('just text'), 'x.png', 'image/png'),
      await post(
        '/api/assets/wallpaper',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'w.svg',
        'image/svg+xml',
      ),
      await post(
        '/api/note-cards/upload-file',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
        'setup.pdf',
        'application/pdf',
      ),
      await post(
        '/api/note-cards/upload-file',
        Buffer.from('\x7fELF\x02\x01\x01\x00'.padEnd(64, '\0'), 'latin1'),
        'tool',
        'application/octet-stream',
      ),
      await post('/api/note-cards/attachment', Buffer.from('echo hi'), 'run.sh', 'text/plain'),
      await post(
        '/api/note-cards/attachment',
        Buffer.from('#!/bin/sh\nrm -rf /\n'),
        'notes.txt',
        'text/plain',
      ),
      await post('/api/note-cards/attachment', Buffer.from('plain'), 'virus.EXE', 'text/plain'),
      // Names a browser or Windows saves as a script: trailing dots and spaces are dropped there.
      await post('/api/note-cards/attachment', Buffer.from('alert(1)'), 'x.js.', 'text/plain'),
      await post('/api/note-cards/upload-file', Buffer.from('alert(1)'), 'x.JS. . ', 'text/plain'),
      await post('/api/note-cards/attachment', Buffer.from('export {}'), 'module.mjs', 'text/plain'),
      await post('/api/note-cards/upload-file', Buffer.from('module.exports = 1'), 'x.cjs', 'text/plain'),
    ];
    expect(refusals.map((r) => r.status)).toEqual(Array(11).fill(415));
    expect(await storedFor(user._id)).toEqual({ rows: 0, objects: 0 });
    // A kind sent after the file still applies its rules: a video is a wallpaper, not a favicon.
    const form = new FormData();
    form.append('file', new Blob([PNG_HEAD]), 'a.png');
    form.append('kind', 'favicon');
    const after = await c.call('POST', '/api/assets/wallpaper', { rawBody: form });
    expect(after.status).toBe(200);
    expect(after.json.kind).toBe('favicon');
  });
});

describe('serving files safely', () => {
  beforeEach(resetDatabase);

  it('HTML and SVG never render on our origin; names are RFC 5987 encoded', async () => {
    const { c } = await freshUser();
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const up = await c.call('POST', '/api/note-cards/upload-file', {
      rawBody: fileForm(html, 'résumé "x".html', 'text/html'),
    });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({
      url: `/api/note-cards/file/${up.json.assetId}`,
      filename: 'résumé "x".html',
    });
    for (const path of [up.json.url, `/api/assets/${up.json.assetId}/file`]) {
      const res = await download(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="r_sum_ _x_.html"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22x%22.html`,
      );
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).not.toMatch(/html/);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const s = await c.call('POST', '/api/note-cards/attachment', {
      rawBody: fileForm(svg, 'pic.svg', 'image/svg+xml'),
    });
    expect(s.status).toBe(200);
    const got = await download(s.json.item.url);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(got.headers.get('content-type')).not.toMatch(/svg|xml|html/);
    // An image is shown inline, still sandboxed.
    const img = await c.call('POST', '/api/note-cards/upload-image', {
      rawBody: fileForm(PNG_HEAD, 'p.png', 'image/png'),
    });
    const shown = await download(img.json.url);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toBeNull();
    expect(shown.headers.get('content-security-policy')).toMatch(/sandbox/);
    // Each URL serves only its kinds.
    expect((await download(`/api/note-cards/img/${up.json.assetId}`)).status).toBe(404);
    expect((await download(`/api/note-cards/file/${img.json.assetId}`)).status).toBe(404);
  });

  it('answers ETag revalidation with 304 and byte ranges with 206', async () => {
    const { c } = await freshUser();
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i & 0xff));
    const up = await c.call('POST', '/api/note-cards/attachment', {
      rawBody: fileForm(bytes, 'd.bin', 'application/octet-stream'),
    });
    const url = up.json.item.url;
    const base = await appUrl();
    const full = await fetch(base + url);
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(full.headers.get('content-length')).toBe('1000');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable, no-transform');
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);
    const again = await fetch(base + url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const part = await fetch(base + url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await fetch(base + url, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(995))).toBe(true);
    const bad = await fetch(base + url, { headers: { range: 'bytes=5000-' } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */1000');
    const stale = await fetch(base + url, { headers: { range: 'bytes=0-1', 'if-range': '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });
});

describe('attachments belong to their owner', () => {
  beforeEach(resetDatabase);

  it('B cannot list, attach to, rename or delete A’s attachments', async () => {
    const a = await freshUser();
    const b = await freshUser();
    const note = await a.c.create('/api/note-cards', { content: 'A note' });
    const form = fileForm(Buffer.from('hello'), 'hello.txt', 'text/plain');
    form.append('noteId', note.id); // sent after the file
    const up = await a.c.call('POST', '/api/note-cards/attachment', { rawBody: form });
    expect(up.status).toBe(200);
    const id = up.json.item.id;
    expect((await a.c.get(`/api/note-cards/attachment?noteId=${note.id}`)).json.items).toEqual([
      up.json.item,
    ]);

    expect((await b.c.get(`/api/note-cards/attachment?noteId=${note.id}`)).status).toBe(404);
    const steal = fileForm(Buffer.from('x'), 'x.txt', 'text/plain');
    steal.append('noteId', note.id);
    expect((await b.c.call('POST', '/api/note-cards/attachment', { rawBody: steal })).status).toBe(404);
    expect(await storedFor(b.user._id)).toEqual({ rows: 0, objects: 0 });
    expect((await b.c.put('/api/note-cards/attachment', { id, filename: 'pwned.txt' })).status).toBe(404);
    expect((await b.c.delete(`/api/note-cards/attachment?id=${id}`)).status).toBe(404);
    expect((await a.c.get(`/api/note-cards/attachment?noteId=${note.id}`)).json.items[0].filename).toBe(
      'hello.txt',
    );

    expect(
      (await a.c.call('PATCH', '/api/note-cards/attachment', { body: { id, filename: 'hi.txt' } })).json,
    ).toEqual({ ok: true });
    expect((await download(`/api/note-cards/attach/${id}`)).headers.get('content-disposition')).toMatch(
      /filename="hi.txt"/,
    );
    expect((await a.c.delete(`/api/note-cards/attachment?id=${id}`)).json).toEqual({ ok: true });
    expect(await storedFor(a.user._id)).toEqual({ rows: 0, objects: 0 });
    expect((await a.c.get('/api/note-cards/attachment')).status).toBe(400);
    expect((await new Client().get(`/api/note-cards/attachment?noteId=${note.id}`)).status).toBe(401);
  });
});

describe('pictures: replacing and cleaning up', () => {
  beforeEach(resetDatabase);

  it('replaces oldAssetId (only the caller’s) and cleans up only their unused icons', async () => {
    const a = await freshUser();
    const b = await freshUser();
    const png = () => fileForm(PNG_HEAD, 'w.png', 'image/png');
    const first = await a.c.call('POST', '/api/assets/wallpaper', { rawBody: png() });
    expect(first.json).toEqual({
      id: first.json.id,
      kind: 'wallpaper',
      url: `/api/assets/${first.json.id}/file`,
    });
    const bOld = await b.c.call('POST', '/api/assets/wallpaper', { rawBody: png() });
    const form = png();
    form.append('oldAssetId', first.json.id);
    const second = await a.c.call('POST', '/api/assets/wallpaper', { rawBody: form });
    expect(second.status).toBe(200);
    expect((await download(first.json.url)).status).toBe(404);
    const form2 = png();
    form2.append('oldAssetId', bOld.json.id);
    await a.c.call('POST', '/api/assets/wallpaper', { rawBody: form2 });
    expect((await download(bOld.json.url)).status).toBe(200);

    const icon = async (cl: Client) =>
      (await cl.call('POST', '/api/assets/wallpaper?kind=icon', { rawBody: png() })).json;
    const used = await icon(a.c);
    const unused = await icon(a.c);
    const bIcon = await icon(b.c);
    await a.c.post('/api/note-cards', { content: 'iconic', iconUrl: used.url });
    const res = await a.c.post('/api/assets/cleanup', {
      assetIds: [used.id, unused.id, bIcon.id, second.json.id, '../x'],
    });
    expect(res.json).toEqual({ cleaned: 1 });
    expect((await download(unused.url)).status).toBe(404);
    for (const still of [used.url, bIcon.url, second.json.url])
      expect((await download(still)).status).toBe(200);
  });
});
