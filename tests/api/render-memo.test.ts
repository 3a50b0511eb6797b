// A signed-in owner's dashboard is rendered once per state of what it shows and sent again while nothing changed
// (app/lib/render-memo.server.ts): the page must be the one a render would give, with this response's nonce.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { admin, newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';

const nonceOf = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

/** A GET over raw HTTP (fetch always asks for and undoes compression). */
async function rawGet(path: string, headers: Record<string, string>) {
  const base = await appUrl();
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('signed-in dashboard render memo', () => {
  beforeEach(resetDatabase);

  it('sends the page rendered before with a new nonce, and renders again when anything on it changes', async () => {
    const { client: owner } = await admin();
    const first = await owner.get('/');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-render-memo')).toBe('miss');
    const again = await owner.get('/');
    expect(again.headers.get('x-render-memo')).toBe('hit');
    expect(withoutNonce(again.text)).toBe(withoutNonce(first.text));
    // One nonce per response, in the header and the page, never the same twice.
    for (const res of [first, again]) {
      const nonces = nonceOf(res.text);
      expect(nonces).toHaveLength(1);
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonces[0]}'`);
    }
    expect(nonceOf(again.text)[0]).not.toBe(nonceOf(first.text)[0]);

    // A card, a site setting and the owner's look show on the next request.
    const created = await owner.post('/api/site-cards', {
      name: 'Memo fresh site',
      siteUrl: 'https://memo.example',
    });
    expect(created.status).toBeLessThan(300);
    const withCard = await owner.get('/');
    expect(withCard.headers.get('x-render-memo')).toBe('miss');
    expect(withCard.text).toContain('Memo fresh site');
    expect((await owner.put('/api/settings', { siteName: 'Memo Name Nav' })).status).toBe(200);
    expect((await owner.get('/')).text).toContain('Memo Name Nav');
    const look = (over: Record<string, unknown>) => ({
      desktopWallpaperAssetId: null,
      mobileWallpaperAssetId: null,
      fontPreset: 'serif',
      fontSize: 18,
      overlayOpacity: 0.5,
      textColor: '#112233',
      ...over,
    });
    const saved = await owner.put('/api/appearance', {
      light: look({ textColor: '#abcdef' }),
      dark: look({}),
    });
    expect(saved.status).toBe(200);
    expect((await owner.get('/')).text).toContain('--text:#abcdef');
    // Another page is another render; the first one is still kept for the state it showed.
    const page2 = await owner.get('/?edit=1');
    expect(page2.headers.get('x-render-memo')).toBe('miss');
    expect((await owner.get('/?edit=1')).headers.get('x-render-memo')).toBe('hit');
  });

  it('never gives one user the page of another', async () => {
    await admin();
    const wren = await newUserClient({ username: 'wren' });
    const robin = await newUserClient({ username: 'robin' });
    expect((await wren.get('/')).headers.get('x-render-memo')).toBe('miss');
    const wrens = await wren.get('/');
    expect(wrens.headers.get('x-render-memo')).toBe('hit');
    expect(wrens.text).toContain('wren');
    const robins = await robin.get('/');
    expect(robins.headers.get('x-render-memo')).toBe('miss');
    expect(robins.text).toContain('robin');
    expect(robins.text).not.toContain('wren');
  });

  it('gives the same page gzipped and plain, each with its exact length', async () => {
    const { client: owner } = await admin();
    await owner.get('/');
    const cookie = owner.cookieHeader();
    const plain = await rawGet('/', { cookie });
    expect(plain.headers['x-render-memo']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const zipped = await rawGet('/', { cookie, 'accept-encoding': 'br, gzip, deflate' });
    expect(zipped.headers['x-render-memo']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const html = gunzipSync(zipped.body).toString('utf8');
    expect(withoutNonce(html)).toBe(withoutNonce(plain.body.toString('utf8')));
    expect(zipped.headers['content-security-policy']).toContain(`'nonce-${nonceOf(html)[0]}'`);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
  });
});
