import { beforeEach, describe, expect, it } from 'vitest';
import { loadSpaceFromDb as getSpace } from '#server/spaces/space.cache';
import { PNG_HEAD } from './file-helpers';
import { resetDatabase } from '../setup/db';
import { admin, createUser, sessionClient, tokenClient } from '../factories';
import { download, dump, entriesOf, importZip, owner, populate, userArchive } from './zip-helpers';

describe('per-user data ZIP', () => {
  beforeEach(resetDatabase);

  it('exports the compat §6.2 layout: signed manifest v5, snake_case rows, files; no secrets', async () => {
    const { user, c } = await owner();
    await populate(c);
    const res = await download(c, '/api/user/data/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sakura-alice-\d{8}-\d{6}\.zip"$/,
    );
    const files = await entriesOf(res.body);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({
      signature: '__sakuranav__',
      version: 5,
      scope: 'user',
      sitesOnly: false,
    });
    const { signData } = await import('#server/portability/archive-format');
    expect(manifest.dataSignature).toBe(signData(files.get('data.json')!));
    const data = JSON.parse(files.get('data.json')!.toString());
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['tags', 'cards', 'card_tags', 'card_relations']),
    );
    const gh = data.cards.find((r: { name: string }) => r.name === 'GitHub');
    expect(gh).toMatchObject({ site_url: 'https://github.com/', site_is_pinned: 1, site_notes: 'memo' });
    expect(gh.owner_id).toBeUndefined();
    expect(gh.site_is_online).toBeUndefined();
    expect(data.card_tags[0]).toHaveProperty('card_id');
    // icon, note image and note attachment
    expect([...files.keys()].filter((n) => n.startsWith('assets/'))).toHaveLength(3);
    const text = files.get('data.json')!.toString();
    expect(text).not.toMatch(/password|token_hash|passwordHash/i);
    expect(text).not.toContain(user._id);
  });

  it('sites-only exports website cards and only the tags they use', async () => {
    const { c } = await owner();
    await populate(c);
    await c.post('/api/tags', { name: 'Empty' });
    const files = await entriesOf((await download(c, '/api/user/data/export?scope=sites-only')).body);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest.sitesOnly).toBe(true);
    const data = JSON.parse(files.get('data.json')!.toString());
    expect(data.cards.map((r: { name: string }) => r.name).sort()).toEqual(['GitHub', 'MDN']);
    expect(data.cards.every((r: { card_type: unknown }) => r.card_type === null)).toBe(true);
    expect(data.tags.map((r: { name: string }) => r.name).sort()).toEqual(['Dev', 'Reading']);
    expect((await download(c, '/api/user/data/export?scope=everything')).status).toBe(400);
  });

  for (const mode of ['clean', 'incremental', 'overwrite'] as const) {
    it(`export -> clear -> import (${mode}) gives back identical data and files`, async () => {
      const { user, c } = await owner();
      await populate(c);
      const before = await dump(user._id);
      const zip = (await download(c, '/api/user/data/export')).body;
      const cleared = await c.post('/api/user/data/clear');
      expect(cleared.status).toBe(200);
      expect(cleared.json).toMatchObject({ ok: true, cards: [], sites: [] });
      expect((await getSpace(user._id)).size).toBe(0);
      const res = await importZip(c, '/api/user/data/import', zip, { mode });
      expect(res.status, res.text).toBe(200);
      expect(res.json.ok).toBe(true);
      expect(res.json.cards).toHaveLength(4);
      expect(res.json.sites).toHaveLength(4);
      expect(await dump(user._id)).toEqual(before);
      // the files are served again under their new ids
      const gh = res.json.cards.find((x: { name: string }) => x.name === 'GitHub');
      const icon = await c.get(gh.iconUrl);
      expect(icon.status).toBe(200);
    });
  }

  it('incremental skips what exists, overwrite updates it, clean replaces everything', async () => {
    const { user, c } = await owner();
    const { gh } = await populate(c);
    const zip = (await download(c, '/api/user/data/export')).body;
    await c.put('/api/site-cards', { id: gh.id, name: 'Changed', siteUrl: 'http://GitHub.com' });
    await c.post('/api/site-cards', { name: 'Extra', siteUrl: 'https://extra.test' });

    const inc = await importZip(c, '/api/user/data/import', zip, { mode: 'incremental' });
    expect(inc.json.imported).toMatchObject({ cards: 0, tags: 0, skipped: 6 });
    let space = await getSpace(user._id);
    expect([...space.cards.values()].map((x) => x.name).sort()).toEqual(
      ['Changed', 'Extra', 'MDN', 'Plan', '邮箱'].sort(),
    );

    const over = await importZip(c, '/api/user/data/import', zip, { mode: 'overwrite' });
    expect(over.status).toBe(200);
    space = await getSpace(user._id);
    expect(space.cards.get(gh.id)!.name).toBe('GitHub');
    expect(space.size).toBe(5);

    const clean = await importZip(c, '/api/user/data/import', zip);
    expect(clean.status).toBe(200);
    space = await getSpace(user._id);
    expect([...space.cards.values()].map((x) => x.name).sort()).toEqual(
      ['GitHub', 'MDN', 'Plan', '邮箱'].sort(),
    );
    expect(space.tags.map((t) => t.name)).toEqual(['Dev', 'Reading']);
  });

  it('imports a ZIP in the older service’s format (legacy keys and columns, files referenced by URL)', async () => {
    const { user, c } = await owner();
    const data = {
      tags: [
        {
          id: 'tag-old-1',
          name: 'Tools',
          slug: 'tools',
          sort_order: 0,
          is_hidden: 0,
          logo_url: null,
          logo_bg_color: null,
          description: 'd',
        },
      ],
      sites: [
        {
          id: 'site-a',
          name: 'Alpha',
          site_url: 'https://alpha.test',
          site_description: 'first',
          icon_url: '/api/assets/asset-old-icon/file',
          icon_bg_color: 'transparent',
          site_skip_online_check: 0,
          site_is_pinned: 0,
          global_sort_order: 0,
          card_type: null,
          card_data: null,
          site_todos: '[{"id":"x","text":"todo","completed":false}]',
          site_notes: 'n',
          created_at: '2024-01-02T03:04:05.000Z',
          updated_at: '2024-01-02T03:04:05.000Z',
        },
        { id: 'site-b', name: 'Beta', site_url: 'https://beta.test', global_sort_order: 1, card_type: null },
        {
          id: 'site-c',
          name: 'Plan',
          site_url: '#',
          global_sort_order: 2,
          card_type: 'note',
          card_data: JSON.stringify({
            title: 'Plan',
            content: '![x](/api/note-cards/img/asset-old-img) [a](sakura-site://site-a)',
          }),
        },
        {
          id: 'site-d',
          name: 'QQ',
          site_url: '#',
          global_sort_order: 3,
          card_type: 'qq',
          card_data: JSON.stringify({ type: 'qq', qqNumber: '123' }),
        },
      ],
      site_tags: [
        { site_id: 'site-a', tag_id: 'tag-old-1', sort_order: 0 },
        { site_id: 'site-b', tag_id: 'tag-old-1', sort_order: 1 },
      ],
      site_relations: [
        {
          id: 'rel-1',
          source_site_id: 'site-a',
          target_site_id: 'site-b',
          sort_order: 0,
          is_enabled: 1,
          is_locked: 0,
          source: 'manual',
          reason: '',
          created_at: '2024-01-01T00:00:00.000Z',
        },
      ],
    };
    const png = Buffer.concat([PNG_HEAD, Buffer.alloc(64, 7)]);
    const zip = userArchive(data, [
      { name: 'assets/asset-old-icon.png', data: png },
      { name: 'assets/asset-old-img.png', data: png, deflate: true },
    ]);
    const detect = await importZip(c, '/api/user/data/detect', zip);
    expect(detect.json).toMatchObject({
      type: 'sakuranav',
      sitesOnly: false,
      counts: { tags: 1, cards: 4, files: 2 },
    });
    const res = await importZip(c, '/api/user/data/import', zip);
    expect(res.status, res.text).toBe(200);
    const space = await getSpace(user._id);
    const cards = [...space.cards.values()];
    const alpha = cards.find((x) => x.name === 'Alpha')!;
    const beta = cards.find((x) => x.name === 'Beta')!;
    const note = cards.find((x) => x.name === 'Plan')!;
    expect(alpha).toMatchObject({
      siteDescription: 'first',
      siteNotes: 'n',
      createdAt: new Date('2024-01-02T03:04:05.000Z'),
    });
    expect(alpha.siteTodos[0]).toMatchObject({ id: 'x', text: 'todo', completed: false });
    expect(alpha.siteTodos.some((t) => t.noteId === note._id)).toBe(true);
    expect(space.tags.map((t) => t.name)).toEqual(['Tools']);
    // In the tag's order (a space loaded from the database lists memberships in the order its documents come).
    const inTag = [...space.membershipsByTag.get(space.tags[0]!._id)!].sort((a, b) => a.order - b.order);
    expect(inTag.map((m) => m.cardId)).toEqual([alpha._id, beta._id]);
    expect(space.relation(`${alpha._id}:${beta._id}`)).toBeTruthy();
    expect(String(note.cardData!.content)).toContain(`sakura-site://${alpha._id}`);
    const icon = await c.get(alpha.iconUrl!);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const imgUrl = /\((\/api\/note-cards\/img\/asset-[0-9a-f-]+)\)/.exec(String(note.cardData!.content))![1]!;
    expect((await c.get(imgUrl)).status).toBe(200);
    expect(cards.find((x) => x.name === 'QQ')!.cardData).toEqual({ type: 'qq', qqNumber: '123' });
  });

  it('keeps users apart: an import touches only the caller; files of others are never exported', async () => {
    const { user, c } = await owner();
    const bob = await createUser({ username: 'bob' });
    const b = await sessionClient(bob);
    const { gh } = await populate(b);
    const bobBefore = await dump(bob._id);
    const bobIcon = (await getSpace(bob._id)).cards.get(gh.id)!.iconUrl!;
    // alice points at bob's icon: the export carries the reference, never bob's file
    await c.post('/api/site-cards', { name: 'Borrowed', siteUrl: 'https://b.test', iconUrl: bobIcon });
    const files = await entriesOf((await download(c, '/api/user/data/export')).body);
    expect([...files.keys()].filter((n) => n.startsWith('assets/'))).toEqual([]);
    const zip = (await download(b, '/api/user/data/export')).body;
    expect((await importZip(c, '/api/user/data/import', zip)).status).toBe(200);
    expect(await dump(bob._id)).toEqual(bobBefore);
    expect((await getSpace(user._id)).size).toBe(4);
  });

  it('works with an access token; reset gives the starter data; clear empties', async () => {
    const { user } = await owner();
    const t = await tokenClient(user);
    await t.post('/api/site-cards', { name: 'Mine', siteUrl: 'https://mine.test' });
    const reset = await t.post('/api/user/data/reset');
    expect(reset.status).toBe(200);
    expect(reset.json.ok).toBe(true);
    // the admin has no cards in this test: a copy of an empty dashboard
    expect((await getSpace(user._id)).size).toBe(0);
    const cleared = await t.post('/api/user/data/clear');
    expect(cleared.json).toMatchObject({ ok: true, tags: [], cards: [] });
    expect((await t.post('/api/user/data/import')).status).toBe(415);
    expect((await new (await import('../setup/client')).Client().post('/api/user/data/clear')).status).toBe(
      401,
    );
  });

  it('admin reset seeds the starter data; a user reset copies the admin dashboard', async () => {
    const { user: a, client } = await admin();
    const r = await client.post('/api/user/data/reset');
    expect(r.status).toBe(200);
    expect((await getSpace(a._id)).size).toBe(12);
    const u = await createUser();
    const c = await sessionClient(u);
    await c.post('/api/site-cards', { name: 'Mine', siteUrl: 'https://mine.test' });
    await c.post('/api/user/data/reset');
    const space = await getSpace(u._id);
    expect(space.size).toBe(12);
    expect([...space.cards.values()].some((x) => x.name === 'Mine')).toBe(false);
  });

  it('concurrent imports from several clients end in one archive’s data, never a mix or duplicates', async () => {
    const { user, c } = await owner();
    await populate(c);
    const before = await dump(user._id);
    const zip = (await download(c, '/api/user/data/export')).body;
    const clients = await Promise.all([1, 2, 3, 4].map(() => sessionClient(user)));
    const inc = await Promise.all(
      clients.map((x) => importZip(x, '/api/user/data/import', zip, { mode: 'incremental' })),
    );
    expect(inc.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await dump(user._id)).toEqual(before);
    await c.post('/api/user/data/clear');
    const clean = await Promise.all(clients.map((x) => importZip(x, '/api/user/data/import', zip)));
    expect(clean.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await dump(user._id)).toEqual(before);
  });

  it('reports progress under the id the client chose', async () => {
    const { c } = await owner();
    await populate(c);
    const zip = (await download(c, '/api/user/data/export')).body;
    const res = await importZip(
      c,
      '/api/user/data/import',
      zip,
      { mode: 'clean' },
      { 'x-progress-id': 'job-12345' },
    );
    expect(res.status).toBe(200);
    const p = await c.get('/api/user/data/progress?id=job-12345');
    expect(p.json).toMatchObject({ id: 'job-12345', kind: 'user-import', state: 'done', total: 3, done: 3 });
    expect((await c.get('/api/user/data/progress?id=unknown-99')).status).toBe(404);
  });
});
