import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, newUserClient } from '../factories';

type Item = { id: string; name: string };

async function walk(c: Client, path: string, between?: (page: number) => Promise<void>): Promise<Item[]> {
  const seen: Item[] = [];
  let cursor: string | null = null;
  let page = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: { status: number; json: { items: Item[]; nextCursor: string | null; total: number } } =
      await c.get(cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    expect(res.status).toBe(200);
    seen.push(...res.json.items);
    cursor = res.json.nextCursor;
    page += 1;
    if (between && cursor) await between(page);
  } while (cursor && page < 100);
  return seen;
}

async function seedCards(c: Client, n: number, prefix = 'card') {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      (
        await c.create('/api/site-cards', {
          name: `${prefix} ${String(i).padStart(2, '0')}`,
          siteUrl: `https://${prefix}${i}.test`,
        })
      ).id,
    );
  }
  return ids;
}

describe('navigation lists', () => {
  beforeEach(resetDatabase);

  it('pages 12 at a time with a total and an opaque cursor, and walks every card once', async () => {
    const { client } = await admin();
    await seedCards(client, 30);
    const visitor = new Client();
    const first = await visitor.get('/api/navigation/cards');
    expect(first.json.items).toHaveLength(12);
    expect(first.json.total).toBe(30);
    expect(typeof first.json.nextCursor).toBe('string');
    const all = await walk(visitor, '/api/navigation/cards');
    expect(all.map((i) => i.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `card ${String(i).padStart(2, '0')}`),
    );
    const small = await visitor.get('/api/navigation/cards?limit=5');
    expect(small.json.items).toHaveLength(5);
    expect((await visitor.get('/api/navigation/cards?limit=0')).status).toBe(400);
    expect((await visitor.get('/api/navigation/cards?cursor=garbage!')).status).toBe(400);
  });

  it('never repeats or skips a card while cards are added during the walk', async () => {
    const { client } = await admin();
    const original = await seedCards(client, 30);
    let added = 0;
    const walked = await walk(new Client(), '/api/navigation/cards', async () => {
      // New cards land at the end of the order, and a pinned one lands at the very front (already passed).
      await client.post('/api/site-cards', { name: `new ${added++}`, siteUrl: 'https://new.test' });
      await client.post('/api/site-cards', {
        name: `front ${added++}`,
        siteUrl: 'https://front.test',
        siteIsPinned: true,
      });
    });
    const ids = walked.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of original) expect(ids).toContain(id);
  });

  it("accepts the older service's offset cursors", async () => {
    const { client } = await admin();
    await seedCards(client, 15);
    const cursor = Buffer.from(JSON.stringify({ offset: 12 })).toString('base64url');
    const res = await new Client().get(`/api/navigation/cards?cursor=${cursor}`);
    expect(res.json.items.map((i: Item) => i.name)).toEqual(['card 12', 'card 13', 'card 14']);
    expect(res.json.nextCursor).toBeNull();
  });

  it('lists by tag (real and virtual) and site cards only', async () => {
    const { client } = await admin();
    const tag = await client.create('/api/tags', { name: 'Dev' });
    await client.post('/api/site-cards', { name: 'in tag', siteUrl: 'https://t.test', tagIds: [tag.id] });
    await client.post('/api/site-cards', { name: 'no tag', siteUrl: 'https://n.test' });
    await client.post('/api/social-cards', { cardType: 'qq', payload: { qqNumber: '1' } });
    await client.post('/api/note-cards', { content: 'a note' });
    const v = new Client();
    const names = async (path: string) => (await v.get(path)).json.items.map((i: Item) => i.name);
    expect(await names(`/api/navigation/cards?scope=tag&tagId=${tag.id}`)).toEqual(['in tag']);
    expect(await names('/api/navigation/cards?scope=tag&tagId=__social_cards__')).toEqual(['QQ']);
    expect(await names('/api/navigation/cards?scope=tag&tagId=__note_cards__')).toEqual(['a note']);
    expect(await names('/api/navigation/site-cards')).toEqual(['in tag', 'no tag']);
    expect(await names('/api/navigation/cards')).toEqual(['in tag', 'no tag', 'QQ', 'a note']);
    expect((await v.get('/api/navigation/cards?scope=tag')).status).toBe(400);
    expect((await v.get('/api/navigation/cards?scope=tag&tagId=tag-nope')).status).toBe(404);
    expect(
      (await v.get('/api/navigation/social-cards')).json.items.map((i: { label: string }) => i.label),
    ).toEqual(['QQ']);
    expect(
      (await v.get('/api/navigation/note-cards')).json.items.map((i: { content: string }) => i.content),
    ).toEqual(['a note']);
    const tags = (await v.get('/api/navigation/tags')).json.items;
    expect(tags.map((t: { id: string }) => t.id)).toEqual(['__social_cards__', '__note_cards__', tag.id]);
    expect(tags[2].siteCount).toBe(1);
  });

  it('searches names, URLs, descriptions, notes, todos and tag names, in any case and language, without regex', async () => {
    const { client } = await admin();
    const tag = await client.create('/api/tags', { name: '前端开发' });
    await client.post('/api/site-cards', {
      name: 'GitHub',
      siteUrl: 'https://github.com',
      siteDescription: '代码托管平台',
    });
    await client.post('/api/site-cards', {
      name: 'MDN',
      siteUrl: 'https://developer.mozilla.org',
      tagIds: [tag.id],
    });
    await client.post('/api/site-cards', {
      name: 'Notion',
      siteUrl: 'https://notion.so',
      siteDescription: 'Notes app',
      siteNotes: 'Renew subscription',
      siteTodos: [{ id: 't', text: '导出数据', completed: false }],
    });
    await client.post('/api/site-cards', { name: 'Odd (a+b).*', siteUrl: 'https://odd.test' });
    const names = async (c: Client, q: string) =>
      (await c.get(`/api/navigation/cards?q=${encodeURIComponent(q)}`)).json.items.map((i: Item) => i.name);
    expect(await names(client, 'github')).toEqual(['GitHub']);
    expect(await names(client, 'GITHUB')).toEqual(['GitHub']);
    expect(await names(client, '托管')).toEqual(['GitHub']);
    expect(await names(client, 'mozilla')).toEqual(['MDN']);
    expect(await names(client, '前端')).toEqual(['MDN']);
    expect(await names(client, 'renew')).toEqual(['Notion']);
    expect(await names(client, '导出')).toEqual(['Notion']);
    expect(await names(client, '(a+b).*')).toEqual(['Odd (a+b).*']);
    expect(await names(client, '.*')).toEqual(['Odd (a+b).*']);
    expect(await names(client, 'git hub')).toEqual(['GitHub']);
    expect(await names(client, 'github 托管')).toEqual(['GitHub']);
    expect(await names(client, 'nothing-matches')).toEqual([]);
    // Notes are searched as readers see them: a link's target is not text.
    const linked = (await client.post('/api/site-cards', { name: 'Target', siteUrl: 'https://target.test' }))
      .json.item;
    await client.post('/api/note-cards', {
      title: 'Plans',
      content: `Read [the docs](sakura-site://${linked.id}) **carefully**`,
    });
    expect(await names(client, 'the docs carefully')).toEqual(['Plans']);
    expect(await names(client, linked.id.slice(5, 13))).toEqual([]);
    // Memo notes and todos are the owner's: visitors cannot find cards by them.
    expect(await names(new Client(), 'renew')).toEqual([]);
    const page = await client.get('/api/navigation/cards?q=o');
    expect(page.json.total).toBe(page.json.items.length);

    // Each found card says where (the quick launcher shows it); a visitor is never told of the owner's memo.
    const matched = async (c: Client, q: string) =>
      Object.fromEntries(
        (await c.get(`/api/navigation/cards?q=${encodeURIComponent(q)}`)).json.items.map(
          (i: Item & { matched?: string[] }) => [i.name, i.matched],
        ),
      );
    expect(await matched(client, 'github')).toEqual({ GitHub: ['name', 'url'] });
    expect(await matched(client, '前端')).toEqual({ MDN: ['tag'] });
    expect(await matched(client, '托管')).toEqual({ GitHub: ['description'] });
    expect(await matched(client, 'renew')).toEqual({ Notion: ['memo'] });
    expect(await matched(client, 'carefully')).toEqual({ Plans: ['note'] });
    expect(await matched(client, 'notion renew')).toEqual({ Notion: ['name', 'url', 'memo'] });
    expect(await matched(new Client(), 'notion')).toEqual({ Notion: ['name', 'url'] });
    expect(await matched(new Client(), 'notes')).toEqual({ Notion: ['description'] });
    expect((await client.get('/api/navigation/cards')).json.items[0]).not.toHaveProperty('matched');
  });

  it('hides hidden tags and their cards from visitors, not from the owner', async () => {
    const { client } = await admin();
    const hidden = await client.create('/api/tags', { name: 'Private', isHidden: true });
    const open = await client.create('/api/tags', { name: 'Public' });
    await client.post('/api/site-cards', {
      name: 'secret site',
      siteUrl: 'https://secret.test',
      tagIds: [hidden.id, open.id],
    });
    await client.post('/api/site-cards', {
      name: 'open site',
      siteUrl: 'https://open.test',
      tagIds: [open.id],
    });
    const v = new Client();
    const tags = (await v.get('/api/navigation/tags')).json.items;
    expect(tags.map((t: { name: string }) => t.name)).toEqual(['Public']);
    expect(tags[0].siteCount).toBe(1);
    expect((await v.get('/api/navigation/cards')).json.items.map((i: Item) => i.name)).toEqual(['open site']);
    expect((await v.get('/api/navigation/cards?q=secret')).json.total).toBe(0);
    expect((await v.get('/api/navigation/cards?q=private')).json.total).toBe(0);
    expect((await v.get(`/api/navigation/cards?scope=tag&tagId=${hidden.id}`)).status).toBe(404);
    const suggestions = (await v.get('/api/search/suggest?q=secret&engine=local')).json.items;
    expect(suggestions).toEqual([]);
    expect((await v.get('/api/search/suggest?q=priv&engine=local')).json.items).toEqual([]);
    // The owner sees everything.
    const own = (await client.get('/api/navigation/cards')).json.items;
    expect(own.map((i: Item) => i.name)).toEqual(['secret site', 'open site']);
    expect(own[0].tags.map((t: { name: string }) => t.name)).toEqual(['Private', 'Public']);
    expect((await client.get(`/api/navigation/cards?scope=tag&tagId=${hidden.id}`)).json.total).toBe(1);
  });

  it("shows visitors the admin's space and each user their own", async () => {
    const { client: adminClient } = await admin();
    await adminClient.post('/api/site-cards', {
      name: 'public card',
      siteUrl: 'https://p.test',
      siteNotes: 'admin memo',
    });
    const bob = await newUserClient({ username: 'bob' });
    await bob.post('/api/site-cards', { name: 'bob card', siteUrl: 'https://b.test' });
    const visitorItems = (await new Client().get('/api/navigation/cards')).json.items;
    expect(visitorItems.map((i: Item) => i.name)).toEqual(['public card']);
    expect(visitorItems[0].siteNotes).toBe('');
    expect((await bob.get('/api/navigation/cards')).json.items.map((i: Item) => i.name)).toEqual([
      'bob card',
    ]);
    // A bad token on a public list is a visitor, as with the older service.
    const badToken = new Client({ token: `sak_${'f'.repeat(64)}` });
    expect((await badToken.get('/api/navigation/cards')).json.items.map((i: Item) => i.name)).toEqual([
      'public card',
    ]);
    expect(
      (await bob.get('/api/search/suggest?q=card&engine=local')).json.items.map(
        (i: { value: string }) => i.value,
      ),
    ).toEqual(['bob card']);
  });

  it('bootstraps an editor with tags, cards (as cards and sites), appearances and masked settings', async () => {
    const { client } = await admin();
    await client.post('/api/site-cards', { name: 'one', siteUrl: 'https://1.test' });
    const res = await client.get('/api/admin/bootstrap');
    expect(res.status).toBe(200);
    expect(res.json.cards.map((c: Item) => c.name)).toEqual(['one']);
    expect(res.json.sites).toEqual(res.json.cards);
    expect(Object.keys(res.json.appearances).sort()).toEqual(['dark', 'light']);
    expect(res.json.settings).toMatchObject({
      siteName: expect.any(String),
      aiApiKey: '',
      registrationEnabled: expect.any(Boolean),
    });
    expect((await new Client().get('/api/admin/bootstrap')).status).toBe(401);
  });
});

describe('search suggestions with an outside engine', () => {
  // A real HTTP server speaking Google's suggest protocol, at the address the test workers configure.
  let server: http.Server;
  let mode: 'ok' | 'slow' = 'ok';
  const requests: string[] = [];

  beforeAll(async () => {
    const url = new URL(process.env.SUGGEST_GOOGLE_URL!);
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      if (mode === 'slow') return; // never answers
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([q, [`${q} tutorial`, `${q} docs`]]));
    });
    await new Promise<void>((resolve) => server.listen(Number(url.port), '127.0.0.1', resolve));
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(resetDatabase);

  it('adds the engine suggestions after the local ones, then falls back when the engine hangs', async () => {
    const { client } = await admin();
    await client.post('/api/site-cards', { name: 'React docs', siteUrl: 'https://react.dev' });
    const v = new Client();
    const ok = await v.get('/api/search/suggest?q=react');
    expect(ok.json.items).toEqual([
      { value: 'React docs', kind: 'site' },
      { value: 'react tutorial', kind: 'query' },
    ]);
    expect(requests.some((r) => r.includes('q=react') && r.includes('client=firefox'))).toBe(true);

    mode = 'slow';
    const started = Date.now();
    const slow = await v.get('/api/search/suggest?q=react');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(slow.status).toBe(200);
    expect(slow.json.items[0]).toEqual({ value: 'React docs', kind: 'site' });
    expect(slow.json.items.some((i: { value: string }) => i.value === 'react 教程')).toBe(true);

    expect((await v.get('/api/search/suggest?q=')).json).toEqual({ items: [] });
    expect((await v.get('/api/search/suggest?q=react&engine=baidu')).status).toBe(200);
  });
});
