// "Add by URL" without AI: POST /api/site-cards/preview, the editor's "Fetch details" form post, the prefilled
// new-site form (bookmarklet, share target) and the way back through the sign-in page. Pages come from a real HTTP
// server on 127.0.0.1, hostile ones included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CardModel } from '#server/cards/card.model';
import { env } from '#server/env';
import { AppError } from '#server/errors';
import { saveSettings } from '#server/settings/settings.service';
import { previewFailure, previewSite } from '#server/site-preview/site-preview.service';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { actorOf, admin, createUser, newUserClient, PASSWORD } from '../factories';
import { startStandIn, type StandIn, type StandInHandler } from '../servers/http-server';
import { freshIp, PNG } from './account-helpers';
import { HEALTH_WAIT_MAX_MS, worstHealthWhile } from './stall-helpers';

function html(res: Parameters<StandInHandler>[1], body: string | Buffer, type = 'text/html; charset=utf-8') {
  res.writeHead(200, { 'content-type': type }).end(body);
}

const pages: Record<string, StandInHandler> = {
  '/article': (_req, res) =>
    html(
      res,
      '<!doctype html><html><head><meta charset="utf-8"><title>  Plain\n title  </title>' +
        '<meta name="description" content="What the page says about itself &amp; more">' +
        '<meta property="og:title" content="The OG title"><meta property="og:site_name" content="Example Site">' +
        '<meta property="og:image" content="/cover.png"><link rel="icon" type="image/svg+xml" href="/i.svg">' +
        '<link rel="apple-touch-icon" href="/touch.png"><link rel="icon" sizes="64x64" href="/icon-64.png">' +
        '</head><body><title>not this</title><meta name="description" content="nor this"></body></html>',
    ),
  '/title-only': (_req, res) =>
    html(res, '<html><head><svg><title>icon caption</title></svg><title>Just a title</title></head></html>'),
  '/gbk': (_req, res) =>
    // "中文标题" and "简介" in GBK, the charset named only in a meta tag.
    html(
      res,
      Buffer.concat([
        Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"><title>'),
        Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xb1, 0xea, 0xcc, 0xe2]),
        Buffer.from('</title><meta name="description" content="'),
        Buffer.from([0xbc, 0xf2, 0xbd, 0xe9]),
        Buffer.from('"></head></html>'),
      ]),
      'text/html',
    ),
  // More than the 512 KB read, with no title before the cut.
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (res.write(chunk));
      res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  },
  // A large page whose head comes first: read, the rest cut.
  '/big-head': (_req, res) => html(res, `<title>Big page</title>${'<p>text</p>'.repeat(100_000)}`),
  '/slow': () => {}, // never answers
  // ~512 KB of nested tags, the title after them (no <body>, so the scan reads it all).
  '/nested': (_req, res) =>
    html(res, `<html>${'<div><span>'.repeat(46_000)}<title>Deep title</title></html>`),
  '/png': (_req, res) => html(res, PNG, 'image/png'),
  '/missing': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  },
  // Another loopback address than the allowed one (nothing listens there: no request leaves the machine).
  '/to-private': (_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.2:${site.port}/article` }).end();
  },
};

let site: StandIn;
beforeAll(async () => {
  site = await startStandIn((req, res) => {
    const handler = pages[new URL(req.url!, 'http://x').pathname];
    if (handler) return handler(req, res);
    res.writeHead(404).end();
  });
});
afterAll(() => site.close());

const at = (path: string) => `${site.url}${path}`;
const host = () => `127.0.0.1:${site.port}`;

async function postForm(c: Client, path: string, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', path, {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The value attribute of the editor field `name` in a page. */
function fieldValue(page: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0];
  if (!tag) return undefined;
  const value = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

describe('POST /api/site-cards/preview', () => {
  let c: Client;
  beforeEach(async () => {
    await resetDatabase();
    c = await newUserClient();
  });

  it('reads the title, description, Open Graph tags and declared icons, and names our own icon address', async () => {
    const res = await c.post('/api/site-cards/preview', { url: at('/article') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      url: at('/article'),
      finalUrl: at('/article'),
      title: 'The OG title',
      description: 'What the page says about itself & more',
      siteName: 'Example Site',
      iconUrl: `/api/site-icons/${host()}`,
      icons: [at('/icon-64.png'), at('/touch.png')],
      image: at('/cover.png'),
    });
    // `siteUrl` is accepted like site creation does; the <title> (not an SVG's) when there is no og:title.
    const plain = await c.post('/api/site-cards/preview', { siteUrl: at('/title-only') });
    expect(plain.json).toMatchObject({ title: 'Just a title', description: '', siteName: '', image: null });
    // The charset a meta tag names.
    const gbk = await c.post('/api/site-cards/preview', { url: at('/gbk') });
    expect(gbk.json).toMatchObject({ title: '中文标题', description: '简介' });
    // A large page is read up to the cap: its head is at the top.
    expect((await c.post('/api/site-cards/preview', { url: at('/big-head') })).json.title).toBe('Big page');
  });

  it('answers hostile pages with 422 fetch_failed and a short reason, changing nothing', async () => {
    const reasons: Record<string, string> = {
      '/huge': 'no_details',
      '/slow': 'timeout',
      '/png': 'not_html',
      '/missing': 'status',
    };
    for (const [path, reason] of Object.entries(reasons)) {
      const res = await c.post('/api/site-cards/preview', { url: at(path) });
      expect(res.status, path).toBe(422);
      expect(res.json.code, path).toBe('fetch_failed');
      expect(res.json.details.reason, path).toBe(reason);
      expect(res.json.error.length, path).toBeLessThan(120);
    }
    expect(await CardModel.countDocuments({})).toBe(0);
  });

  it('reads a page of nested tags without holding the server', async () => {
    const { result, worstMs } = await worstHealthWhile(() =>
      c.post('/api/site-cards/preview', { url: at('/nested') }),
    );
    expect(result.json.title).toBe('Deep title');
    expect(worstMs).toBeLessThan(HEALTH_WAIT_MAX_MS);
  });

  it('refuses a redirect to a private address when the policy forbids it', async () => {
    // The app runs in this process but from its build (its own copy of the env module), so the operator switch is
    // turned off where the service reads it: the service is called directly, as the route does.
    const { user: boss } = await admin();
    const e = env() as { OUTBOUND_ALLOW_PRIVATE: boolean };
    const before = e.OUTBOUND_ALLOW_PRIVATE;
    e.OUTBOUND_ALLOW_PRIVATE = false;
    try {
      // The stand-in's own address is allowed; the one it redirects to is not.
      await saveSettings({ outboundAllowPrivate: false, outboundAllowList: ['127.0.0.1'] });
      expect((await previewSite(actorOf(boss), { url: at('/article') })).title).toBe('The OG title');
      const err = await previewSite(actorOf(boss), { url: at('/to-private') }).catch((x: unknown) => x);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
      expect(previewFailure(err)).toBe('refused');
      expect((err as AppError).message).toMatch(/^The page could not be read: /);
      expect(site.requests.some((r) => r.path === '/to-private')).toBe(true);
    } finally {
      e.OUTBOUND_ALLOW_PRIVATE = before;
      await saveSettings({ outboundAllowPrivate: false, outboundAllowList: [] });
    }
  });

  it('gives bad input a 4xx with a code, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'validation_failed'],
      [{ url: '' }, 400, 'validation_failed'],
      [{ url: 42 }, 400, 'validation_failed'],
      [{ url: 'javascript:alert(1)' }, 400, 'bad_request'],
      [{ url: 'mailto:a@b.example' }, 400, 'bad_request'],
      [{ url: '/relative/path' }, 400, 'bad_request'],
      [{ url: `https://x.example/${'a'.repeat(2100)}` }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await c.post('/api/site-cards/preview', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json.code).toBe(code);
      expect(typeof res.json.error).toBe('string');
    }
    const form = await c.call('POST', '/api/site-cards/preview', {
      rawBody: 'url=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await new Client().post('/api/site-cards/preview', { url: at('/article') })).status).toBe(401);
  });
});

describe('"Fetch details" on the editor without JavaScript', () => {
  beforeEach(async () => {
    await resetDatabase();
    await admin();
  });

  it('fills the empty name, description and icon, keeping what was typed; a failure keeps the form as typed', async () => {
    const c = await newUserClient();
    const typed = {
      fetchDetails: 'button',
      siteUrl: at('/article'),
      name: 'My own name',
      siteDescription: '',
      iconUrl: '',
      siteNotes: 'kept note',
    };
    const res = await postForm(c, '/edit/sites/new', typed);
    expect(res.status).toBe(200);
    expect(fieldValue(res.text, 'name')).toBe('My own name');
    expect(fieldValue(res.text, 'siteDescription')).toBe('What the page says about itself & more');
    expect(fieldValue(res.text, 'iconUrl')).toBe(`/api/site-icons/${host()}`);
    expect(res.text).toContain('kept note');
    expect(res.text).toContain('Filled in from the page: description, icon.');
    expect(await CardModel.countDocuments({})).toBe(0);

    const failed = await postForm(c, '/edit/sites/new', { ...typed, siteUrl: at('/png') });
    expect(failed.status).toBe(200);
    expect(fieldValue(failed.text, 'name')).toBe('My own name');
    expect(fieldValue(failed.text, 'siteDescription')).toBe('');
    expect(failed.text).toContain('Nothing was filled in: the address is not a web page.');

    // The edit page does the same for an existing card, in Chinese too.
    const card = await c.create('/api/site-cards', { name: 'Old', siteUrl: 'https://old.example' });
    c.cookies.set('lang', 'zh');
    const edit = await postForm(c, `/edit/sites/${card.id}`, {
      fetchDetails: 'button',
      name: 'Old',
      siteUrl: at('/title-only'),
    });
    expect(fieldValue(edit.text, 'name')).toBe('Old');
    expect(edit.text).toContain('已从网页填入：图标。请检查后保存。');
  });
});

describe('the prefilled new-site form (bookmarklet, share target)', () => {
  // An instance with its administrator (without one every page leads to /setup).
  beforeEach(async () => {
    await resetDatabase();
    await admin();
  });

  it('prefills url, name and description, refuses non-http addresses and finds the URL in shared text', async () => {
    const c = await newUserClient();
    const q = (params: Record<string, string>) => `/edit/sites/new?${new URLSearchParams(params)}`;
    const page = (
      await c.get(q({ url: 'https://news.example/a?b=1', name: 'A story', description: 'Chosen' }))
    ).text;
    expect(fieldValue(page, 'siteUrl')).toBe('https://news.example/a?b=1');
    expect(fieldValue(page, 'name')).toBe('A story');
    expect(fieldValue(page, 'siteDescription')).toBe('Chosen');

    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x', '/profile', 'java\tscript:alert(1)']) {
      const refused = (await c.get(q({ url, name: 'X' }))).text;
      expect(fieldValue(refused, 'siteUrl'), url).toBe('');
      expect(fieldValue(refused, 'name')).toBe('X');
      expect(refused).not.toContain('alert(1)');
    }

    // Share target: the address in the text when `url` is empty; the rest of the text names the card.
    const shared = (
      await c.get(q({ name: '', text: 'Look at this https://shared.example/p?q=2. nice', url: '' }))
    ).text;
    expect(fieldValue(shared, 'siteUrl')).toBe('https://shared.example/p?q=2');
    expect(fieldValue(shared, 'name')).toBe('Look at this nice');
  });

  it('sends a signed-out user to sign in and back to the prefilled form', async () => {
    await createUser({ username: 'wren' });
    const visitor = new Client({ ip: freshIp() });
    const target = `/edit/sites/new?url=${encodeURIComponent('https://x.example/')}&name=X`;
    const res = await visitor.get(target);
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/login?redirectTo=${encodeURIComponent(target)}`);
    const login = await visitor.get(location);
    const redirectTo = /name="redirectTo" value="([^"]*)"/.exec(login.text)![1]!.replace(/&amp;/g, '&');
    expect(redirectTo).toBe(target);
    const signedIn = await postForm(visitor, '/login', {
      intent: 'login',
      username: 'wren',
      password: PASSWORD,
      redirectTo,
    });
    expect(signedIn.headers.get('location')).toBe(target);
    expect(fieldValue((await visitor.get(target)).text, 'siteUrl')).toBe('https://x.example/');
  });

  it('declares the share target in the web app manifest', async () => {
    const manifest = (await new Client().get('/manifest.webmanifest')).json;
    expect(manifest.share_target).toEqual({
      action: '/edit/sites/new',
      method: 'GET',
      params: { title: 'name', text: 'text', url: 'url' },
    });
  });
});
