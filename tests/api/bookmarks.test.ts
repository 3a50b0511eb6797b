import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { setQuotas } from '#server/settings/settings.service';
import { actorOf, admin, createUser, newUserClient, sessionClient, tokenClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { HEALTH_WAIT_MAX_MS, hugeBookmarkBatch, worstHealthWhile } from './stall-helpers';

async function user(name = 'alice') {
  return newUserClient({ username: name });
}
const sites = async (c: Client) =>
  (await c.get('/api/site-cards')).json.items as {
    id: string;
    name: string;
    siteUrl: string;
    tags: { name: string }[];
  }[];
const batch = (c: Client, body: unknown) => c.post('/api/site-cards/batch', body);

describe('POST /api/site-cards/batch', () => {
  beforeEach(resetDatabase);

  it('accepts both field-name styles, creates new tags once and answers both id-list keys', async () => {
    const a = await user();
    const tag = await a.create('/api/tags', { name: 'Dev' });
    const res = await batch(a, {
      items: [
        {
          name: 'One',
          siteUrl: 'https://one.example/',
          siteDescription: 'first',
          tagIds: [tag.id],
          newTags: ['News'],
        },
        // the older web UI's client shape
        {
          uid: 'x1',
          name: 'Two',
          url: 'https://two.example',
          description: 'second',
          skipOnlineCheck: true,
          tagIds: [],
          newTags: ['news', 'dev'],
          duplicateHint: null,
        },
      ],
      importMode: 'incremental',
      allowDuplicates: true,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, total: 2, created: 2, skipped: 0, updated: 0, invalid: 0 });
    expect(res.json.createdSiteIds).toEqual(res.json.createdCardIds);
    const list = await sites(a);
    const two = list.find((s) => s.name === 'Two')!;
    expect(two).toMatchObject({
      siteUrl: 'https://two.example',
      siteDescription: 'second',
      siteSkipOnlineCheck: true,
    });
    expect(two.tags.map((t) => t.name).sort()).toEqual(['Dev', 'News']);
    expect((await a.get('/api/tags')).json.items.map((t: { name: string }) => t.name)).toEqual([
      'Dev',
      'News',
    ]);
  });

  it('skips duplicates by normalised URL, against existing cards and within the request', async () => {
    const a = await user();
    await a.post('/api/site-cards', { name: 'Existing', siteUrl: 'https://www.Example.com/docs/' });
    const res = await batch(a, {
      items: [
        { name: 'Same page', url: 'http://example.com/docs#intro' },
        { name: 'New', url: 'https://new.example/a' },
        { name: 'New again', url: 'https://NEW.example/a/' },
        { name: 'Other query', url: 'https://new.example/a?x=1' },
      ],
    });
    expect(res.json).toMatchObject({ total: 4, created: 2, skipped: 2 });
    expect((await sites(a)).map((s) => s.name)).toEqual(['Existing', 'New', 'Other query']);
    // allowDuplicates keeps them all
    expect(
      (await batch(a, { items: [{ name: 'Again', url: 'https://example.com/docs' }], allowDuplicates: true }))
        .json.created,
    ).toBe(1);
  });

  it('overwrite replaces the matching cards, clean replaces every site card (and both can be undone)', async () => {
    const a = await user();
    await batch(a, {
      items: [
        { name: 'Old A', url: 'https://a.example' },
        { name: 'Old B', url: 'https://b.example' },
      ],
    });
    const over = await batch(a, {
      items: [{ name: 'New A', url: 'https://a.example/' }],
      importMode: 'overwrite',
    });
    expect(over.json).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    expect((await sites(a)).map((s) => s.name).sort()).toEqual(['New A', 'Old B']);
    const clean = await batch(a, {
      items: [{ name: 'Only', url: 'https://only.example' }],
      importMode: 'clean',
    });
    expect(clean.json).toMatchObject({ created: 1 });
    expect((await sites(a)).map((s) => s.name)).toEqual(['Only']);
    expect((await a.post('/api/undo', { token: clean.json.undoToken })).status).toBe(200);
    expect((await sites(a)).map((s) => s.name).sort()).toEqual(['New A', 'Old B', 'Only']);
  });

  it('reports invalid items by index and refuses bad bodies with 4xx JSON', async () => {
    const a = await user();
    const res = await batch(a, {
      items: [
        { name: 'Good', url: 'https://good.example' },
        { name: '', url: 'https://x.example' },
        { name: 'Evil', url: 'javascript:alert(1)' },
        'nope',
      ],
    });
    expect(res.json).toMatchObject({ created: 1, invalid: 3 });
    expect(res.json.errors.map((e: { index: number }) => e.index)).toEqual([1, 2, 3]);
    for (const body of [
      {},
      { items: [] },
      { items: 'x' },
      { items: [{ name: 'x', url: 'https://x.example' }], importMode: 'merge' },
      { items: [{ name: '' }] },
    ]) {
      const r = await batch(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toMatch(/validation_failed/);
    }
    const notJson = await a.call('POST', '/api/site-cards/batch', {
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson).toMatchObject({ status: 400, json: { code: 'invalid_json' } });
    const tooMany = await batch(a, {
      items: Array.from({ length: 20_001 }, (_, i) => ({ name: `n${i}`, url: `https://x${i}.example` })),
    });
    expect(tooMany).toMatchObject({ status: 413, json: { code: 'payload_too_large' } });
    expect(await sites(a)).toHaveLength(1);
  });

  it('refuses a batch past the quota as a whole, never a part of it', async () => {
    const { user: adminUser } = await admin();
    await setQuotas(actorOf(adminUser), { quotaCards: 3 });
    const a = await user();
    const items = Array.from({ length: 4 }, (_, i) => ({ name: `Q${i}`, url: `https://q${i}.example` }));
    const res = await batch(a, { items });
    expect(res).toMatchObject({ status: 403, json: { code: 'quota_exceeded' } });
    expect(await sites(a)).toHaveLength(0);
  });

  it('keeps users apart: tag ids of another user are dropped, duplicates are per user', async () => {
    const a = await user('alice');
    const bUser = await createUser({ username: 'bob' });
    const b = await tokenClient(bUser);
    const aTag = await a.create('/api/tags', { name: 'Private' });
    await batch(a, { items: [{ name: 'Shared', url: 'https://shared.example' }] });
    const res = await batch(b, {
      items: [{ name: 'Shared', url: 'https://shared.example', tagIds: [aTag.id] }],
    });
    expect(res.json).toMatchObject({ created: 1, skipped: 0 });
    const bSites = await sites(b);
    expect(bSites[0]!.tags).toEqual([]);
    expect(await sites(a)).toHaveLength(1);
    expect((await a.get('/api/tags')).json.items).toHaveLength(1);
  });

  it('keeps every card when several clients import at the same time', async () => {
    const me = await createUser({ username: 'alice' });
    const clients = await Promise.all([0, 1, 2, 3].map(() => sessionClient(me)));
    const a = clients[0]!;
    const results = await Promise.all(
      clients.map((c, k) =>
        batch(c, {
          items: Array.from({ length: 60 }, (_, i) => ({
            name: `c${k}-${i}`,
            url: `https://c${k}.example/${i}`,
            newTags: [`T${k}`],
          })),
        }),
      ),
    );
    expect(results.map((r) => r.json.created)).toEqual([60, 60, 60, 60]);
    const list = await sites(a);
    expect(list).toHaveLength(240);
    expect(new Set(list.map((s) => s.id)).size).toBe(240);
    expect((await a.get('/api/tags')).json.items.map((t: { name: string }) => t.name).sort()).toEqual([
      'T0',
      'T1',
      'T2',
      'T3',
    ]);
  });
});

describe('GET /api/site-cards/export', () => {
  beforeEach(resetDatabase);

  it('exports site cards as Netscape HTML with tags as folders, which imports back to the same tags', async () => {
    const a = await user();
    await batch(a, {
      items: [
        { name: 'R & D <x>', url: 'https://rd.example/?a=1&b=2', newTags: ['Dev'] },
        { name: 'Both', url: 'https://both.example', newTags: ['Dev', 'News'] },
        { name: 'Loose', url: 'https://loose.example' },
      ],
    });
    const res = await a.get('/api/site-cards/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="bookmarks-\d{8}\.html"/);
    expect(res.text).toContain('<!DOCTYPE NETSCAPE-Bookmark-file-1>');
    expect(res.text).toContain('<A HREF="https://rd.example/?a=1&amp;b=2"');
    expect(res.text).toContain('>R &amp; D &lt;x&gt;</A>');
    const { parseBookmarks } = await import('#server/bookmarks/bookmark-parse');
    const back = (await parseBookmarks(res.text)).items.map((i) => `${i.folders.join('/')}:${i.name}`);
    expect(back).toEqual(['Dev:R & D <x>', 'Dev:Both', 'News:Both', ':Loose']);
    const other = await user('bob');
    expect((await other.get('/api/site-cards/export')).text).not.toContain('rd.example');
  });

  it('imports back through the preview, as the page does it, to the same tags, nested folders included', async () => {
    const a = await user();
    await batch(a, {
      items: [
        { name: 'Both', url: 'https://both.example', newTags: ['Dev', 'News'] },
        { name: 'Nested', url: 'https://nested.example', newTags: ['Dev / Frontend'] },
        { name: 'Three', url: 'https://three.example', newTags: ['News', 'Dev / Frontend', 'Dev'] },
        { name: 'Loose', url: 'https://loose.example' },
      ],
    });
    const html = (await a.get('/api/site-cards/export')).text;
    // "Dev / Frontend" is the folder Frontend inside Dev.
    expect(html).toMatch(/<H3[^>]*>Dev<\/H3>\n\s*<DL><p>\n(?:.*\n)*?\s*<DT><H3[^>]*>Frontend<\/H3>/);
    expect(html).not.toContain('Dev / Frontend');

    const bobDoc = await createUser({ username: 'bob' });
    const bob = await sessionClient(bobDoc);
    const { previewBookmarks } = await import('#server/bookmarks/bookmark-preview.service');
    const { chosenItems } = await import('#server/bookmarks/bookmark.schema');
    const preview = await previewBookmarks(actorOf(bobDoc), html);
    // One row a page, with every folder it was in; nothing is unticked as a repeat.
    expect(preview.rows.map((r) => r.n).sort()).toEqual(['Both', 'Loose', 'Nested', 'Three']);
    expect(preview.duplicates).toBe(0);
    const keep = preview.rows.flatMap((r, i) => (r.dup ? [] : [i])); // what the page ticks
    expect(keep).toHaveLength(4);
    const res = await batch(bob, { items: chosenItems(preview.rows, { keep, folderTags: true }) });
    expect(res.json).toMatchObject({ created: 4 });
    const tagsOf = async (c: Client) =>
      Object.fromEntries((await sites(c)).map((s) => [s.name, s.tags.map((t) => t.name).sort()]));
    expect(await tagsOf(bob)).toEqual(await tagsOf(a));
    expect((await tagsOf(bob)).Three).toEqual(['Dev', 'Dev / Frontend', 'News']);
    // And the same dates (to the second: the file's ADD_DATE).
    const datesOf = async (c: Client) =>
      Object.fromEntries(
        ((await c.get('/api/site-cards')).json.items as { name: string; createdAt: string }[]).map((s) => [
          s.name,
          Math.floor(Date.parse(s.createdAt) / 1000),
        ]),
      );
    expect(await datesOf(bob)).toEqual(await datesOf(a));
  });

  it("reads Firefox's TAGS as tags, and makes one card of a page sent twice, with the tags of both", async () => {
    const a = await user();
    const carolDoc = await createUser({ username: 'carol' });
    const carol = await sessionClient(carolDoc);
    const actor = actorOf(carolDoc);
    const { previewBookmarks } = await import('#server/bookmarks/bookmark-preview.service');
    const { chosenItems } = await import('#server/bookmarks/bookmark.schema');
    const firefox =
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Reading</H3>\n<DL><p>\n' +
      '<DT><A HREF="https://tagged.example/" ADD_DATE="1700000000" TAGS="news,tech, news">Tagged</A>\n' +
      '</DL><p>\n<DT><A HREF="https://tagged.example" TAGS="later">Tagged again</A>\n</DL><p>\n';
    const preview = await previewBookmarks(actor, firefox);
    expect(preview.rows).toEqual([
      {
        n: 'Tagged',
        u: 'https://tagged.example/',
        f: ['Reading'],
        t: ['news', 'tech', 'later'],
        a: 1700000000,
      },
    ]);
    await batch(carol, { items: chosenItems(preview.rows, { keep: [0], folderTags: false }) });
    expect((await sites(carol)).map((s) => s.tags.map((t) => t.name).sort())).toEqual([
      ['later', 'news', 'tech'],
    ]);
    expect((await carol.get('/api/site-cards')).json.items[0].createdAt).toBe('2023-11-14T22:13:20.000Z');
    // A date that is no date, or out of range, is reported with the item.
    const bad = await batch(carol, {
      items: [
        { name: 'Old', url: 'https://old.example', createdAt: '1980-01-01T00:00:00Z' },
        { name: 'Word', url: 'https://word.example', createdAt: 'yesterday' },
        { name: 'Millis', url: 'https://millis.example', createdAt: 1700000000000 },
      ],
    });
    expect(bad.json).toMatchObject({ created: 1, invalid: 2 });
    expect(bad.json.errors).toEqual([
      { index: 0, message: 'createdAt: createdAt must be between 1990 and now' },
      { index: 1, message: 'createdAt: createdAt must be an ISO date or seconds since 1970' },
    ]);

    // Through the API: the repeat adds its tags to the first and is counted as skipped.
    const res = await batch(a, {
      items: [
        { name: 'Page', url: 'https://page.example/a', newTags: ['One'] },
        { name: 'Page again', url: 'https://PAGE.example/a/', newTags: ['Two'] },
      ],
    });
    expect(res.json).toMatchObject({ created: 1, skipped: 1 });
    expect((await sites(a)).map((s) => [s.name, s.tags.map((t) => t.name).sort()])).toEqual([
      ['Page', ['One', 'Two']],
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await new (await import('../setup/client')).Client().get('/api/site-cards/export');
    expect(res.status).toBe(401);
  });
});

describe('fixtures through the API', () => {
  beforeEach(resetDatabase);
  it('Chrome and Firefox files import with their folder path as tags', async () => {
    const a = await user();
    const { parseBookmarks } = await import('#server/bookmarks/bookmark-parse');
    for (const file of ['chrome.html', 'firefox.html']) {
      const parsed = await parseBookmarks(
        readFileSync(new URL(`../fixtures/bookmarks/${file}`, import.meta.url), 'utf8'),
      );
      await batch(a, { items: parsed.items.map((i) => ({ name: i.name, url: i.url, newTags: i.folders })) });
    }
    const byName = Object.fromEntries(
      (await sites(a)).map((s) => [s.name, s.tags.map((t) => t.name).sort()]),
    );
    expect(byName['Node.js – Docs']).toEqual(['Dev', 'Node & Deno']);
    expect(byName['Grafana']).toEqual(['Dashboards', 'Work']);
    expect(byName['GitHub']).toEqual([]);
    expect(byName['GitHub again']).toBeUndefined(); // the same page as GitHub
  });
});

describe('hostile bookmark files', () => {
  beforeEach(resetDatabase);

  /** The upload of the page /bookmarks (multipart, as the browser sends it). */
  async function preview(a: Client, content: string) {
    await a.get('/bookmarks');
    const form = new FormData();
    form.append('csrf', a.csrf()!);
    form.append('file', new Blob([content], { type: 'text/html' }), 'bookmarks.html');
    return a.post('/bookmarks', undefined, { rawBody: form });
  }

  it('refuses a deeply nested file with a clear 4xx while the server keeps answering; nothing is stored', async () => {
    await admin(); // pages need a set-up instance
    const a = await user();
    await a.create('/api/site-cards', { name: 'Kept', siteUrl: 'https://kept.example' });
    // A sane file first: the preview works (and the page's modules are loaded before anything is timed).
    const sane = await preview(
      a,
      '<DL><p><DT><H3>Dev</H3><DL><p><DT><A HREF="https://new.example/">New</A></DL></DL>',
    );
    expect(sane.status).toBe(200);
    expect(sane.text).toContain('https://new.example/');
    // 100,000 `<DL><p>` (700 KB): before, the parser's work grew with the square of the depth (several seconds).
    const nested = `<!DOCTYPE NETSCAPE-Bookmark-file-1>${'<DL><p>'.repeat(100_000)}`;
    const { result: page, worstMs } = await worstHealthWhile(() => preview(a, nested));
    expect(worstMs).toBeLessThan(HEALTH_WAIT_MAX_MS);
    expect(page.status, page.headers.get('location') ?? page.text.slice(0, 200)).toBe(400);
    expect(page.text).toContain('nested too deeply');
    // The same nesting as the JSON of the API import: refused before it is parsed.
    const deepJson = `{"items":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const { result: api, worstMs: apiWorst } = await worstHealthWhile(() =>
      a.call('POST', '/api/site-cards/batch', {
        rawBody: deepJson,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(apiWorst).toBeLessThan(HEALTH_WAIT_MAX_MS);
    expect(api).toMatchObject({ status: 400, json: { code: 'nesting_too_deep' } });
    expect(typeof api.json.error).toBe('string');
    expect((await sites(a)).map((s) => s.name)).toEqual(['Kept']);
  });

  it('lists the first 500 bookmarks of a large file and imports the rest unless they repeat a card', async () => {
    await admin(); // pages need a set-up instance
    const a = await user();
    await batch(a, { items: [{ name: 'Had', url: 'https://b1400.example/' }] });
    const links = Array.from(
      { length: 1500 },
      (_, i) => `<DT><A HREF="https://b${i}.example/">Site ${i}</A>`,
    ).join('\n');
    const page = await preview(a, `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>${links}</DL>`);
    expect(page.status).toBe(200);
    // Rendering every row of 20,000 held the event loop ~0.8 s: the page lists 500 and says what happens to the rest.
    expect(page.text.match(/class="bookmark-row/g)).toHaveLength(500);
    expect(page.text).toContain('1000 more are imported too');
    expect(page.text).toContain('name="shown" value="500"');
    // The page carries a token for the rows kept on the server, not the rows: it stays small.
    expect(page.text.length).toBeLessThan(400_000);
    const token = /name="token" value="([^"]*)"/.exec(page.text)![1]!;
    // The page's script reads every row by that token; another user cannot.
    const all = await a.get(`/bookmarks/rows/${token}`);
    expect(all.status).toBe(200);
    expect((all.json as { n: string }[]).map((r) => r.n)).toHaveLength(1500);
    expect((await (await user('bob')).get(`/bookmarks/rows/${token}`)).status).toBe(404);
    const visitor = await new Client().get(`/bookmarks/rows/${token}`);
    expect(visitor.status).toBe(302); // to the sign-in page: no rows without a session
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
    expect((await a.get('/bookmarks/rows/not-a-token')).json).toMatchObject({ code: 'bad_request' });
    // Posted as the form is without JavaScript: two listed rows ticked, the unlisted ones not named at all.
    const body = new URLSearchParams({ csrf: a.csrf()!, token, shown: '500' });
    body.append('keep', '0');
    body.append('keep', '499');
    const done = await a.call('POST', '/bookmarks', {
      rawBody: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(302);
    const names = new Set((await sites(a)).map((s) => s.name));
    expect(names.size).toBe(1 + 2 + 999); // "Had", the two ticked, the unlisted but the repeat of "Had"
    for (const name of ['Had', 'Site 0', 'Site 499', 'Site 500', 'Site 1499']) expect(names).toContain(name);
    expect(names).not.toContain('Site 1');
    expect(names).not.toContain('Site 1400');
  });

  it('refuses a too large batch body, reads repeated members as JSON.parse does, and only an object', async () => {
    const a = await user();
    await batch(a, { items: [{ name: 'Kept', url: 'https://kept.example/' }] });
    // 46 MB of JSON: refused whole, nothing changed. That it is read a bookmark at a time without holding the server
    // (a stall measure a loaded machine disturbs) is in bookmarks-stall.heavy.test.ts (npm run test:heavy).
    const rawBody = hugeBookmarkBatch();
    expect(rawBody.length).toBeGreaterThan(45_000_000);
    const result = await a.call('POST', '/api/site-cards/batch', {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(result).toMatchObject({ status: 413, json: { code: 'payload_too_large' } });
    // Read as JSON.parse reads it: the last of a repeated member, and only a JSON object.
    const repeated = await a.call('POST', '/api/site-cards/batch', {
      rawBody: '{"items":[],"items":[{"name":"Twice","url":"https://twice.example/"}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(repeated).toMatchObject({ status: 200, json: { created: 1 } });
    const list = await a.call('POST', '/api/site-cards/batch', {
      rawBody: '[{"name":"x","url":"https://x.example/"}]',
      headers: { 'content-type': 'application/json' },
    });
    expect(list).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    expect((await sites(a)).map((s) => s.name).sort()).toEqual(['Kept', 'Twice']);
  });
});

describe('the preview confirmation on the page (the form pipeline, without JavaScript)', () => {
  beforeEach(resetDatabase);

  const FILE =
    '<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><H3>Dev</H3><DL><p>' +
    '<DT><A HREF="https://one.example/">One</A><DT><A HREF="https://two.example/">Two</A>' +
    '<DT><A HREF="https://three.example/">Three</A></DL></DL>';

  /** The upload, then the token of the preview the page shows. */
  async function previewToken(a: Client): Promise<string> {
    await a.get('/bookmarks');
    const form = new FormData();
    form.append('csrf', a.csrf()!);
    form.append('file', new Blob([FILE], { type: 'text/html' }), 'bookmarks.html');
    const page = await a.post('/bookmarks', undefined, { rawBody: form });
    expect(page.status).toBe(200);
    return /name="token" value="([^"]*)"/.exec(page.text)![1]!;
  }
  const confirm = (a: Client, fields: [string, string][]) =>
    a.call('POST', '/bookmarks', {
      rawBody: new URLSearchParams([['csrf', a.csrf()!], ...fields]),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  /** The preview's boxes as the page draws them: which rows are ticked, and the tag choices. */
  const ticked = (html: string) =>
    (html.match(/<input[^>]*name="keep"[^>]*>/g) ?? [])
      .filter((box) => / checked=/.test(box))
      .map((box) => Number(/value="(\d+)"/.exec(box)![1]));

  it('answers a refusal with the preview again, its errors beside the fields and the choices as posted', async () => {
    await admin(); // pages need a set-up instance
    const a = await user();
    const token = await previewToken(a);

    // Nothing ticked: 400, the preview is still there with the message on the list, and the other choices kept.
    const none = await confirm(a, [
      ['token', token],
      ['folderTags', 'on'],
      ['newTag', 'Later'],
    ]);
    expect(none.status).toBe(400);
    expect(none.text).toContain('Check the bookmarks');
    expect(none.text).toContain(`name="token" value="${token}"`);
    expect(none.text).toMatch(/id="bookmark-confirm-keep-error"[^>]*>(<span>)?Pick at least one bookmark/);
    expect(none.text).toMatch(
      /role="group"[^>]*aria-invalid="true"[^>]*aria-describedby="bookmark-confirm-keep-error"/,
    );
    expect(ticked(none.text)).toEqual([]);
    expect(none.text).toMatch(/name="folderTags"[^>]*checked/);
    expect(none.text).not.toMatch(/name="folderPath"[^>]*checked/);
    expect(none.text).toMatch(/name="newTag"[^>]*value="Later"/);

    // A new tag name too long: the field says so, the two ticked rows stay ticked.
    const long = await confirm(a, [
      ['token', token],
      ['keep', '0'],
      ['keep', '2'],
      ['newTag', 'x'.repeat(41)],
    ]);
    expect(long.status).toBe(400);
    expect(long.text).toMatch(
      /id="bookmark-confirm-newTag-error"[^>]*>(<span>)?A tag name must be at most 40 characters/,
    );
    expect(ticked(long.text)).toEqual([0, 2]);
    expect(await sites(a)).toEqual([]);

    // The same preview imports once corrected, and is gone afterwards: a second post says so where the upload is.
    const done = await confirm(a, [
      ['token', token],
      ['keep', '0'],
      ['keep', '2'],
      ['newTag', 'Later'],
    ]);
    expect(done.status).toBe(302);
    expect((await sites(a)).map((s) => s.name).sort()).toEqual(['One', 'Three']);
    const again = await confirm(a, [
      ['token', token],
      ['keep', '1'],
    ]);
    expect(again.status).toBe(404);
    expect(again.text).toContain('This preview is no longer there; upload the file again');
    expect(again.text).toContain('name="file"');
    expect(again.text).not.toContain('Check the bookmarks');
    expect((await sites(a)).map((s) => s.name).sort()).toEqual(['One', 'Three']);
  });

  it('says it in the page language', async () => {
    await admin();
    const a = await user();
    a.cookies.set('lang', 'zh');
    const token = await previewToken(a);
    const none = await confirm(a, [['token', token]]);
    expect(none.status).toBe(400);
    expect(none.text).toContain('请至少选择一个书签');
    const long = await confirm(a, [
      ['token', token],
      ['keep', '1'],
      ['newTag', 'x'.repeat(41)],
    ]);
    expect(long.text).toMatch(/id="bookmark-confirm-newTag-error"[^>]*>(<span>)?标签名称最多 40 个字符/);
  });
});
