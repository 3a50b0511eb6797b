import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { UserModel } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { createUser, sessionClient, tokenClient } from '../factories';
import { PNG, fileForm } from './account-helpers';

describe('avatars and asset files', () => {
  beforeEach(resetDatabase);

  it('stores a real image, serves it with safe headers, and replaces the old one', async () => {
    const user = await createUser();
    const c = await sessionClient(user);
    const res = await c.call('POST', '/api/user/avatar', { rawBody: fileForm(PNG, 'me.png', 'image/png') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^asset-[0-9a-f-]{36}$/),
      url: `/api/assets/${res.json.id}/file`,
    });
    expect((await c.get('/api/user/profile')).json.avatarUrl).toBe(res.json.url);
    expect((await new Client().get('/api/auth/session')).json.avatarUrl).toBeNull();

    const file = await fetch((await appUrl()) + res.json.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable, no-transform');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const asset = (await AssetModel.findById(res.json.id).lean())!;
    expect(asset).toMatchObject({
      ownerId: user._id,
      kind: 'avatar',
      mimeType: 'image/png',
      size: PNG.length,
    });

    // The declared type does not matter: the content decides.
    const second = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(PNG, 'photo.jpg', 'application/octet-stream'),
    });
    expect(second.status).toBe(200);
    expect((await c.get(res.json.url)).status).toBe(404);
    expect(await AssetModel.countDocuments({ ownerId: user._id })).toBe(1);

    const del = await c.delete('/api/user/avatar');
    expect(del.json).toEqual({ ok: true });
    expect((await c.get(second.json.url)).status).toBe(404);
    expect((await UserModel.findById(user._id).lean())!.avatarAssetId).toBeNull();
    expect((await c.get('/api/user/profile')).json.avatarUrl).toBeNull();
  });

  it('refuses files that are not images by content (415), SVG included', async () => {
    const user = await createUser();
    const c = await sessionClient(user);
    const text = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(Buffer.from('hello, I am not a picture'), 'fake.png', 'image/png'),
    });
    expect(text.status).toBe(415);
    expect(text.json.code).toBe('unsupported_media_type');
    const svg = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
    });
    expect(svg.status).toBe(415);
    expect(svg.json.error).toMatch(/SVG/);
    const empty = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(Buffer.alloc(0), 'e.png', 'image/png'),
    });
    expect(empty.status).toBe(400);
    const json = await c.post('/api/user/avatar', { file: 'x' });
    expect(json.status).toBe(415);
    const noFile = new FormData();
    noFile.append('other', 'value');
    expect((await c.call('POST', '/api/user/avatar', { rawBody: noFile })).status).toBe(400);
    expect(await AssetModel.countDocuments()).toBe(0);
  });

  it('refuses more than 5 MB with 413 while streaming (no Content-Length)', async () => {
    const user = await createUser();
    const c = await sessionClient(user);
    const boundary = 'x-boundary-123';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 7);
    let sent = 0;
    const total = 6 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(head);
          controller.enqueue(PNG.subarray(0, 33)); // a PNG signature and header, then filler
        }
        if (sent >= total) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await fetch(`${await appUrl()}/api/user/avatar`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        cookie: c.cookieHeader(),
        origin: await appUrl(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
    expect(await AssetModel.countDocuments()).toBe(0);
    // A declared length over the limit is refused before reading.
    const big = await c.call('POST', '/api/user/avatar', {
      rawBody: fileForm(Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'big.png', 'image/png'),
    });
    expect(big.status).toBe(413);
    // Refused before reading: the connection is closed rather than reused with half a body in it.
    expect(big.headers.get('connection')).toBe('close');
  });

  it('works with a token; unknown asset ids are a JSON 404', async () => {
    const user = await createUser();
    const t = await tokenClient(user);
    const res = await t.call('POST', '/api/user/avatar', { rawBody: fileForm(PNG, 'a.png', 'image/png') });
    expect(res.status).toBe(200);
    const missing = await new Client().get('/api/assets/asset-00000000-0000-0000-0000-000000000000/file');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('not_found');
    expect((await new Client().get('/api/assets/..%2F..%2Fetc%2Fpasswd/file')).status).toBe(404);
  });
});
