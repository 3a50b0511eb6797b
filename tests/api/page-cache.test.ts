// The visitors' home page is rendered once and shared for a moment (app/lib/page-cache.server.ts). What must still
// differ per response, and what must never be shared, checked over HTTP against the built app.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, newUserClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { restoreClock, skipAhead } from '../setup/clock';

const nonceOf = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const csrfFieldsOf = (html: string) => [...html.matchAll(/name="csrf" value="([^"]*)"/g)].map((m) => m[1]);
/** The page without its per-response values (the nonce, the visitor's CSRF token). */
const sharedPart = (html: string, token: string) =>
  html
    .replace(/nonce="[^"]+"/g, 'nonce=""')
    .replace(/'nonce-[^']+'/g, '')
    .split(token)
    .join('');
/** A GET over raw HTTP (fetch always asks for and undoes compression). */
async function rawGet(url: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('visitor page cache', () => {
  afterAll(restoreClock);
  beforeEach(async () => {
    await resetDatabase();
  });

  it('gives every response its own nonce and every visitor their own CSRF token', async () => {
    await admin();
    const pages = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = new Client();
        const res = await c.get('/');
        return { c, res };
      }),
    );
    const nonces = new Set<string>();
    for (const { c, res } of pages) {
      expect(res.status).toBe(200);
      const inPage = new Set(nonceOf(res.text));
      // One nonce per response, the same in the header and in every inline script and style.
      expect(inPage.size).toBe(1);
      const [nonce] = [...inPage];
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
      // The token in the page's forms and data is the visitor's own cookie.
      const token = c.csrf()!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const fields = csrfFieldsOf(res.text);
      expect(fields.length).toBeGreaterThan(0);
      expect(new Set(fields)).toEqual(new Set([token]));
      expect(res.text).toContain(`"${token}"`);
    }
    expect(nonces.size).toBe(pages.length);
    const tokens = new Set(pages.map(({ c }) => c.csrf()));
    expect(tokens.size).toBe(pages.length);
    // The same visitor again: their own token, a new nonce.
    const again = await pages[0]!.c.get('/');
    expect(csrfFieldsOf(again.text)[0]).toBe(pages[0]!.c.csrf());
    expect(nonceOf(again.text)[0]).not.toBe(nonceOf(pages[0]!.res.text)[0]);
  });

  it('shows a card the admin adds at once, in the visitor’s language and theme', async () => {
    const { client: owner } = await admin();
    const visitor = new Client();
    expect((await visitor.get('/')).text).not.toContain('Freshly added site');
    const shared = await visitor.get('/');
    expect(shared.headers.get('x-page-cache')).toBe('hit');
    // Served before React Router runs, a shared page carries the headers a rendered one does.
    const rendered = await new Client().get('/?rendered=1');
    expect(rendered.headers.get('x-page-cache')).toBe('miss');
    const names = (h: Headers) =>
      [...h.keys()].filter((k) => !['date', 'x-page-cache', 'set-cookie'].includes(k)).sort();
    expect(names(shared.headers)).toEqual(names(rendered.headers));
    expect(shared.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    const created = await owner.post('/api/site-cards', {
      name: 'Freshly added site',
      siteUrl: 'https://fresh.example',
    });
    expect(created.status).toBeLessThan(300);
    const fresh = await visitor.get('/');
    expect(fresh.text).toContain('Freshly added site');
    expect(fresh.headers.get('x-page-cache')).toBe('miss');

    // A site setting shows at once too.
    expect((await owner.put('/api/settings', { siteName: 'Fresh Name Nav' })).status).toBe(200);
    expect((await visitor.get('/')).text).toContain('Fresh Name Nav');

    const zh = await new Client().get('/', { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.text).toContain('<html lang="zh-CN"');
    const en = await new Client().get('/', { headers: { 'accept-language': 'en' } });
    expect(en.text).toContain('<html lang="en"');
    const dark = new Client();
    dark.cookies.set('theme', 'dark');
    expect((await dark.get('/')).text).toMatch(/<html[^>]*data-theme="dark"/);
    expect((await new Client().get('/')).text).not.toMatch(/<html[^>]*data-theme="dark"/);
  });

  it('never shares a signed-in page, and never gives visitors one', async () => {
    await admin();
    const wren = await newUserClient({ username: 'wren' });
    const ownPage = await wren.get('/');
    expect(ownPage.text).toContain('wren');
    expect(ownPage.headers.get('x-page-cache')).toBeNull();
    const visitorPage = await new Client().get('/');
    expect(visitorPage.text).not.toContain('wren');
    // And the other way round: a visitor's page cached first does not reach a signed-in user.
    expect((await wren.get('/')).text).toContain('wren');
  });

  it('serves the previous page while one request renders it again, and never a page of another version', async () => {
    const { client: owner } = await admin();
    const visitor = new Client();
    await visitor.get('/');
    expect((await visitor.get('/')).headers.get('x-page-cache')).toBe('hit');
    // Older than PAGE_CACHE_MS (1 s): the first request renders it again, the others meanwhile get the old one.
    skipAhead(1100);
    const burst = await Promise.all(Array.from({ length: 8 }, () => visitor.get('/')));
    const states = burst.map((r) => r.headers.get('x-page-cache'));
    expect(states.filter((s) => s === 'miss')).toHaveLength(1);
    expect(states).toContain('stale');
    expect(states.every((s) => s === 'miss' || s === 'stale' || s === 'hit')).toBe(true);
    const token = visitor.csrf()!;
    expect(new Set(burst.map((r) => sharedPart(r.text, token))).size).toBe(1);
    expect(new Set(burst.flatMap((r) => nonceOf(r.text))).size).toBe(burst.length);
    // A change made here is a new version: even an old page is not served once the change is made.
    skipAhead(1100);
    const created = await owner.post('/api/site-cards', {
      name: 'Never stale',
      siteUrl: 'https://ns.example',
    });
    expect(created.status).toBeLessThan(300);
    const after = await Promise.all(Array.from({ length: 4 }, () => visitor.get('/')));
    for (const r of after) expect(r.text).toContain('Never stale');
    expect((await owner.put('/api/settings', { siteName: 'Renamed At Once' })).status).toBe(200);
    for (const r of await Promise.all(Array.from({ length: 4 }, () => visitor.get('/')))) {
      expect(r.text).toContain('Renamed At Once');
    }
  });

  it('gives the same page compressed and uncompressed, with its exact length', async () => {
    await admin();
    const visitor = new Client();
    await visitor.get('/');
    const token = visitor.csrf()!;
    const cookie = `csrf_token=${token}`;
    const url = `${await appUrl()}/`;
    const plain = await rawGet(url, { cookie, 'accept-encoding': 'identity' });
    const zipped = await rawGet(url, { cookie, 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const a = plain.body.toString('utf8');
    const b = gunzipSync(zipped.body).toString('utf8');
    expect(a).toContain('</html>');
    expect(sharedPart(b, token)).toBe(sharedPart(a, token));
    expect(nonceOf(a)[0]).not.toBe(nonceOf(b)[0]);
  });
});
