// The URL and colour policies over HTTP: what may be stored (and how it is normalised), and that a stored value
// that does not pass (written before the policy existed) never reaches an href, src or style attribute.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { CardModel } from '#server/cards/card.model';
import { TagModel } from '#server/tags/tag.model';
import { SpaceModel } from '#server/spaces/space.model';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';

const HOSTILE_LINKS = [
  'java\tscript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\nscript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];
const BAD_COLOUR = 'red;x:url(//e.x/s)';

/** Writes a field the way data stored before the policy may look, and tells the app's cache the space moved. */
async function storeRaw(model: 'card' | 'tag', id: string, set: Record<string, unknown>) {
  if (model === 'card') await CardModel.updateOne({ _id: id }, { $set: set });
  else await TagModel.updateOne({ _id: id }, { $set: set });
  await SpaceModel.updateOne({ _id: ADMIN_ID }, { $inc: { rev: 1 } }, { upsert: true });
}

let c: Client;
beforeEach(async () => {
  await resetDatabase();
  c = (await admin()).client;
});

const site = (fields: Record<string, unknown>) => c.post('/api/site-cards', { name: 'S', ...fields });

describe('stored URLs', () => {
  it('refuses script URLs however disguised, and text that is no URL, with a JSON 400', async () => {
    for (const url of [...HOSTILE_LINKS, 'not a url', 'foo']) {
      const res = await site({ siteUrl: url });
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(res.json, JSON.stringify(url)).toMatchObject({ code: 'validation_failed' });
      expect(res.json.error).toMatch(/^siteUrl: /);
    }
    const made = (await site({ siteUrl: 'https://example.com' })).json.item;
    for (const url of HOSTILE_LINKS)
      expect((await c.put('/api/site-cards', { id: made.id, siteUrl: url })).status, url).toBe(400);
    const alt = await site({
      siteUrl: 'https://example.com',
      siteAccessRules: { urls: [{ id: 'a1', url: 'java\tscript:alert(1)', label: 'LAN' }] },
    });
    expect(alt.status).toBe(400);
    expect((await site({ siteUrl: 'https://example.com', iconUrl: 'java\tscript:x' })).status).toBe(400);
    expect((await c.post('/api/tags', { name: 'T', logoUrl: '\u0001javascript:x' })).status).toBe(400);
    expect((await c.post('/api/tags', { name: 'T', logoUrl: 'data:image/svg+xml,<svg/>' })).status).toBe(400);
  });

  it('turns bare domains into https:// and keeps valid absolute URLs exactly as sent', async () => {
    const a = (
      await site({
        siteUrl: 'example.com/docs',
        siteAccessRules: { urls: [{ id: 'a1', url: '10.0.0.5:8080', label: 'LAN' }] },
      })
    ).json.item;
    expect(a.siteUrl).toBe('https://example.com/docs');
    expect(a.siteAccessRules.urls[0].url).toBe('https://10.0.0.5:8080');
    for (const url of ['https://Example.com/A?b=1#c', 'http://192.168.1.2:8080/', 'mailto:me@example.com']) {
      const res = await site({ siteUrl: url });
      expect(res.status, url).toBe(200);
      expect(res.json.item.siteUrl).toBe(url);
    }
    expect((await c.create('/api/tags', { name: 'T', logoUrl: 'cdn.example.com/t.png' })).logoUrl).toBe(
      'https://cdn.example.com/t.png',
    );
  });

  it('checks social card links, QR pictures and e-mail addresses', async () => {
    const social = (cardType: string, payload: Record<string, unknown>) =>
      c.post('/api/social-cards', { cardType, payload });
    for (const url of HOSTILE_LINKS) expect((await social('github', { url })).status, url).toBe(400);
    expect((await social('github', { url: 'not a url' })).status).toBe(400);
    expect((await social('github', { url: 'github.com/me' })).json.item.payload.url).toBe(
      'https://github.com/me',
    );
    expect((await social('qq', { qqNumber: '123', qrCodeUrl: 'javascript:alert(1)' })).status).toBe(400);
    const bad = await social('email', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('bad_request');
    expect((await social('email', { email: 'me@example.com' })).json.item.payload.email).toBe(
      'me@example.com',
    );
  });

  it('never renders a stored script URL: tiles, note links on the public card page, social pages', async () => {
    const target = (await site({ siteUrl: 'https://example.com', iconUrl: 'https://example.com/i.png' })).json
      .item;
    await storeRaw('card', target.id, { siteUrl: 'java\tscript:alert(1)', iconUrl: '\u0001javascript:x' });
    const note = await c.create('/api/note-cards', {
      title: 'N',
      content: `[x](sakura-site://${target.id}) [y](java\tscript:1)`,
    });
    const github = await c.create('/api/social-cards', {
      cardType: 'github',
      payload: { url: 'https://github.com/me' },
    });
    await storeRaw('card', github.id, { cardData: { type: 'github', url: '\u0001javascript:alert(2)' } });

    for (const page of ['/', `/card/${note.id}`, `/card/${github.id}`, '/?edit=1']) {
      for (const viewer of [c, new Client()]) {
        const html = (await viewer.get(page)).text;
        expect(html, page).not.toMatch(/(href|src)="[^"]*script/i);
        const targets = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
        expect(
          targets.filter((t) => t.includes('\u0001')),
          page,
        ).toEqual([]);
      }
    }
  });
});

describe('stored colours', () => {
  it('accept only CSS colour syntax', async () => {
    expect((await site({ siteUrl: 'https://a.example', iconBgColor: BAD_COLOUR })).status).toBe(400);
    expect((await c.post('/api/tags', { name: 'T', logoBgColor: BAD_COLOUR })).status).toBe(400);
    const social = await c.post('/api/social-cards', {
      cardType: 'qq',
      iconBgColor: BAD_COLOUR,
      payload: { qqNumber: '1' },
    });
    expect(social.status).toBe(400);
    expect((await c.post('/api/note-cards', { content: 'x', iconBgColor: BAD_COLOUR })).status).toBe(400);
    for (const colour of ['#12B7F5', 'rgb(59 130 246 / 50%)', 'hsl(210, 80%, 50%)', 'transparent', 'teal']) {
      const res = await site({ siteUrl: 'https://a.example', iconBgColor: colour });
      expect(res.status, colour).toBe(200);
      expect(res.json.item.iconBgColor).toBe(colour);
    }
  });

  it('never render a stored colour that is not one into a style attribute', async () => {
    const card = (await site({ siteUrl: 'https://a.example', iconBgColor: '#123456' })).json.item;
    const tag = await c.create('/api/tags', { name: 'T', logoBgColor: '#123456' });
    const qq = await c.create('/api/social-cards', { cardType: 'qq', payload: { qqNumber: '1' } });
    await storeRaw('card', card.id, { iconBgColor: BAD_COLOUR });
    await storeRaw('card', qq.id, { iconBgColor: BAD_COLOUR });
    await storeRaw('tag', tag.id, { logoBgColor: BAD_COLOUR });
    for (const page of ['/', `/card/${qq.id}`, `/edit/sites/${card.id}`]) {
      const html = (await c.get(page)).text;
      expect(html, page).not.toMatch(/style="[^"]*url\(/);
    }
    expect((await new Client().get('/')).text).not.toMatch(/style="[^"]*url\(/);
  });
});
