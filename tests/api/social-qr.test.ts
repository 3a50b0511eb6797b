// WeChat/QQ-style social cards (issue 26, item 2): the QR picture is optional on the page form as in the API (one
// payload schema for both), a missing value gets a message naming it, and the form can carry the QR picture itself
// (a multipart post that works without JavaScript).
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

/** The social form as a browser sends it when it has a file input (the CSRF field first, then the fields). */
function multipart(
  csrf: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer | string; name: string; type: string },
) {
  const f = new FormData();
  f.append('csrf', csrf);
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(
    'qrCodeFile',
    file
      ? new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
          type: file.type,
        })
      : new Blob([], { type: 'application/octet-stream' }),
    file?.name ?? '',
  );
  return f;
}

async function socialCards(c: Client) {
  return (await c.get('/api/social-cards')).json.items as {
    id: string;
    cardType: string;
    payload: Record<string, unknown>;
  }[];
}

beforeEach(async () => {
  await resetDatabase();
  await admin();
});

describe('social cards with a QR code', () => {
  it('saves a WeChat card from the page form without a QR picture, as the API does', async () => {
    const c = await newUserClient({ username: 'ann' });
    const page = '/edit/social/new?type=wechat';
    await c.get(page);
    const res = await postForm(c, page, {
      cardType: 'wechat',
      'payload.wechatId': 'sakura-ann',
      'payload.qrCodeUrl': '',
      label: '',
      hint: '',
      iconUrl: '',
      iconBgColor: '',
      returnTo: '/',
    });
    expect(res.status, res.text.slice(0, 400)).toBe(302);
    const [card] = await socialCards(c);
    expect(card).toMatchObject({ cardType: 'wechat', payload: { type: 'wechat', wechatId: 'sakura-ann' } });
    expect(card!.payload.qrCodeUrl).toBeUndefined();

    // The same without the QR field at all (a QQ card), and through the API.
    const qq = await postForm(c, '/edit/social/new?type=qq', { cardType: 'qq', 'payload.qqNumber': '12345' });
    expect(qq.status, qq.text.slice(0, 400)).toBe(302);
    const api = await c.post('/api/social-cards', {
      cardType: 'qq',
      payload: { qqNumber: '678', qrCodeUrl: '' },
    });
    expect(api.status, api.text).toBe(200);
    expect(api.json.item.payload).toEqual({ type: 'qq', qqNumber: '678' });
  });

  it('names the missing value, on the page and in the API', async () => {
    const c = await newUserClient({ username: 'ann' });
    const page = '/edit/social/new?type=wechat';
    await c.get(page);
    const res = await postForm(c, page, { cardType: 'wechat', 'payload.wechatId': '', returnTo: '/' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Enter the WeChat ID');
    expect(res.text).not.toContain('Invalid input');

    const api = await c.post('/api/social-cards', { cardType: 'wechat', payload: {} });
    expect(api.status).toBe(400);
    expect(api.json).toMatchObject({ code: 'bad_request', error: 'payload.wechatId: Enter the WeChat ID' });
    expect(api.json.details).toEqual([{ path: 'payload.wechatId', message: 'Enter the WeChat ID' }]);
    const badQr = await c.post('/api/social-cards', {
      cardType: 'wechat',
      payload: { wechatId: 'x', qrCodeUrl: 'javascript:alert(1)' },
    });
    expect(badQr.status).toBe(400);
    expect(badQr.json.details[0].path).toBe('payload.qrCodeUrl');
  });

  it('uploads the QR picture with the form (multipart, no JavaScript needed) and shows it on the card page', async () => {
    const c = await newUserClient({ username: 'ann' });
    const page = '/edit/social/new?type=wechat';
    const form = (await c.get(page)).text;
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(form).toContain('name="qrCodeFile"');

    const res = await c.call('POST', page, {
      rawBody: multipart(
        c.csrf()!,
        { cardType: 'wechat', 'payload.wechatId': 'sakura-ann', 'payload.qrCodeUrl': '', returnTo: '/' },
        { bytes: PNG, name: 'qr.png', type: 'image/png' },
      ),
    });
    expect(res.status, res.text.slice(0, 400)).toBe(302);
    const [card] = await socialCards(c);
    const qr = String(card!.payload.qrCodeUrl);
    expect(qr).toMatch(/^\/api\/assets\/asset-[0-9a-f-]+\/file$/);
    const picture = await c.get(qr);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await c.get(`/card/${card!.id}`)).text).toContain(`src="${qr}"`);

    // Editing without choosing a file keeps the picture; an empty file input is no upload.
    const edit = `/edit/social/${card!.id}`;
    await c.get(edit);
    const kept = await c.call('POST', edit, {
      rawBody: multipart(c.csrf()!, {
        cardType: 'wechat',
        'payload.wechatId': 'sakura-ann',
        'payload.qrCodeUrl': qr,
        label: 'Me',
        returnTo: '/',
      }),
    });
    expect(kept.status, kept.text.slice(0, 400)).toBe(302);
    expect((await socialCards(c))[0]!.payload.qrCodeUrl).toBe(qr);
    expect(await AssetModel.countDocuments({})).toBe(1);
  });

  it('refuses a QR file that is not a picture on its field, keeping what was typed; nothing is stored', async () => {
    const c = await newUserClient({ username: 'ann' });
    const page = '/edit/social/new?type=qq';
    await c.get(page);
    const res = await c.call('POST', page, {
      rawBody: multipart(
        c.csrf()!,
        { cardType: 'qq', 'payload.qqNumber': '24680', label: 'My QQ', returnTo: '/' },
        { bytes: 'not a picture', name: 'qr.txt', type: 'text/plain' },
      ),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Unsupported file type');
    expect(res.text).toContain('value="24680"');
    expect(res.text).toContain('value="My QQ"');
    expect(await socialCards(c)).toEqual([]);
    expect(await AssetModel.countDocuments({})).toBe(0);

    // A forged form (wrong CSRF token) stores nothing either.
    const forged = await c.call('POST', page, {
      rawBody: multipart(
        '0'.repeat(64),
        { cardType: 'qq', 'payload.qqNumber': '1', returnTo: '/' },
        { bytes: PNG, name: 'qr.png', type: 'image/png' },
      ),
    });
    expect(forged.status).toBe(403);
    expect(await AssetModel.countDocuments({})).toBe(0);
  });
});
