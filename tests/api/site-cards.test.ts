import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { newUserClient } from '../factories';
import type { Client } from '../setup/client';

async function user(name = 'alice') {
  return newUserClient({ username: name });
}

async function namesInOrder(c: Client) {
  return (await c.get('/api/site-cards')).json.items.map((x: { name: string }) => x.name);
}

describe('site cards API', () => {
  beforeEach(resetDatabase);

  it('creates a site card echoing every field it was sent', async () => {
    const a = await user();
    const tag = await a.create('/api/tags', { name: 'T' });
    const input = {
      name: 'Example',
      siteUrl: 'https://example.com/docs',
      siteDescription: 'Docs',
      iconUrl: 'https://example.com/favicon.ico',
      iconBgColor: '#ffffff',
      siteIsPinned: true,
      siteSkipOnlineCheck: true,
      siteOnlineCheckFrequency: '1h',
      siteOnlineCheckTimeout: 10,
      siteOnlineCheckMatchMode: 'keyword',
      siteOnlineCheckKeyword: 'Welcome',
      siteOnlineCheckFailThreshold: 5,
      siteOfflineNotify: false,
      tagIds: [tag.id],
      siteAccessRules: { urls: [{ id: 'u1', url: 'https://mirror.example.com', label: 'Mirror' }] },
      siteRecommendContext: 'For reading docs',
      siteRecommendContextEnabled: false,
      siteRecommendContextAutoGen: false,
      siteAiRelationEnabled: false,
      siteRelatedSitesEnabled: false,
      siteNotes: '记得续费',
      siteNotesAiEnabled: false,
      siteTodos: [{ id: 't1', text: 'Renew', completed: true }],
      siteTodosAiEnabled: false,
    };
    const res = await a.post('/api/site-cards', input);
    expect(res.status).toBe(200);
    const item = res.json.item;
    const { tagIds, ...fields } = input;
    expect(item).toMatchObject(fields);
    expect(item.tags).toEqual([{ id: tag.id, name: 'T', slug: 't', isHidden: false, sortOrder: 0 }]);
    expect(tagIds).toEqual([tag.id]);
    expect(item).toMatchObject({
      id: expect.stringMatching(/^card-/),
      cardType: null,
      cardData: null,
      siteIsOnline: null,
      siteRelatedSites: [],
    });
    expect(new Date(item.createdAt).getTime()).toBeGreaterThan(0);
  });

  it('fills defaults and accepts `url` as an alias of `siteUrl`', async () => {
    const a = await user();
    const item = await a.create('/api/site-cards', { name: 'Alias', url: 'https://alias.test' });
    expect(item).toMatchObject({
      siteUrl: 'https://alias.test',
      siteDescription: '',
      iconUrl: null,
      siteIsPinned: false,
      siteSkipOnlineCheck: false,
      siteOnlineCheckFrequency: '1d',
      siteOnlineCheckTimeout: 3,
      siteOnlineCheckMatchMode: 'status',
      siteOnlineCheckFailThreshold: 3,
      siteOfflineNotify: true,
      siteNotes: '',
      siteTodos: [],
      tags: [],
    });
  });

  it('refuses invalid input with field details and stores nothing', async () => {
    const a = await user();
    const cases: [unknown, string][] = [
      [{ siteUrl: 'https://x.test' }, 'name'],
      [{ name: 'x' }, 'siteUrl'],
      [{ name: 'x', siteUrl: 'javascript:alert(1)' }, 'siteUrl'],
      [{ name: 'x', siteUrl: 'https://x', tagIds: ['__social_cards__'] }, 'tagIds'],
      [{ name: 'x', siteUrl: 'https://x', siteOnlineCheckTimeout: 99 }, 'siteOnlineCheckTimeout'],
      [{ name: 'x', siteUrl: 'https://x', siteOnlineCheckFrequency: '2d' }, 'siteOnlineCheckFrequency'],
      [{ name: 'x'.repeat(81), siteUrl: 'https://x' }, 'name'],
    ];
    for (const [body, path] of cases) {
      const res = await a.post('/api/site-cards', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await namesInOrder(a)).toEqual([]);
  });

  it('updates only the given fields, sets tags exactly, and echoes them', async () => {
    const a = await user();
    const t1 = await a.create('/api/tags', { name: 'T1' });
    const t2 = await a.create('/api/tags', { name: 'T2' });
    const card = await a.create('/api/site-cards', {
      name: 'C',
      siteUrl: 'https://c.test',
      siteNotes: 'keep me',
      tagIds: [t1.id],
    });
    const res = await a.put('/api/site-cards', {
      id: card.id,
      name: 'C2',
      siteDescription: 'New',
      tagIds: [t2.id],
    });
    expect(res.status).toBe(200);
    expect(res.json.item).toMatchObject({
      id: card.id,
      name: 'C2',
      siteDescription: 'New',
      siteUrl: 'https://c.test',
      siteNotes: 'keep me',
    });
    expect(res.json.item.tags.map((t: { id: string }) => t.id)).toEqual([t2.id]);
    const again = await a.put('/api/site-cards', { id: card.id, siteIsPinned: true });
    expect(again.json.item.tags.map((t: { id: string }) => t.id)).toEqual([t2.id]);
    expect((await a.put('/api/site-cards', { id: 'card-missing', name: 'x' })).status).toBe(404);
  });

  it("isolates users: another user's card is a 404 everywhere and stays unchanged", async () => {
    const a = await user('alice');
    const b = await user('bob');
    const card = await a.create('/api/site-cards', {
      name: 'Mine',
      siteUrl: 'https://mine.test',
      siteNotes: 'secret',
    });
    expect((await b.put('/api/site-cards', { id: card.id, name: 'Stolen' })).status).toBe(404);
    expect((await b.patch('/api/site-cards/memo', { id: card.id, siteNotes: 'x' })).status).toBe(404);
    expect((await b.delete(`/api/site-cards?id=${card.id}`)).status).toBe(404);
    expect((await b.post('/api/site-cards/reorder-global', { ids: [card.id] })).status).toBe(404);
    expect((await b.get('/api/site-cards')).json.items).toEqual([]);
    const mine = (await a.get('/api/site-cards')).json.items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Mine', siteNotes: 'secret' });
  });

  it('patches the memo notes and todos', async () => {
    const a = await user();
    const card = await a.create('/api/site-cards', { name: 'C', siteUrl: 'https://c.test' });
    const res = await a.patch('/api/site-cards/memo', {
      id: card.id,
      siteNotes: 'Renew in May',
      siteTodos: [{ id: 'x', text: 'Pay', completed: false }],
      siteTodosAiEnabled: false,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const after = (await a.get('/api/site-cards')).json.items[0];
    expect(after).toMatchObject({
      siteNotes: 'Renew in May',
      siteTodos: [{ id: 'x', text: 'Pay', completed: false }],
      siteTodosAiEnabled: false,
    });
    expect((await a.patch('/api/site-cards/memo', { id: card.id, siteNotes: 'x'.repeat(5001) })).status).toBe(
      400,
    );
    expect((await a.patch('/api/site-cards/memo', { siteNotes: 'x' })).status).toBe(400);
  });

  it('deletes a card and reports the icon asset it used', async () => {
    const a = await user();
    const card = await a.create('/api/site-cards', {
      name: 'C',
      siteUrl: 'https://c.test',
      iconUrl: '/api/assets/asset-123/file',
    });
    const res = await a.delete(`/api/site-cards?id=${card.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, iconAssetId: 'asset-123' });
    expect(await namesInOrder(a)).toEqual([]);
    expect((await a.delete(`/api/site-cards?id=${card.id}`)).status).toBe(404);
    expect((await a.delete('/api/site-cards')).status).toBe(400);
  });

  it('undoes a deletion through POST /api/undo, once, and only for its owner', async () => {
    const a = await user();
    const b = await user('bob');
    const tag = await a.create('/api/tags', { name: 'T' });
    const card = (await a.post('/api/site-cards', { name: 'C', siteUrl: 'https://c.test', tagIds: [tag.id] }))
      .json.item;
    const { undoToken } = (await a.delete(`/api/site-cards?id=${card.id}`)).json;
    expect(undoToken).toEqual(expect.any(String));
    expect(await namesInOrder(a)).toEqual([]);

    expect((await a.post('/api/undo', {})).status).toBe(400);
    expect((await b.post('/api/undo', { token: undoToken })).status).toBe(404);
    const res = await a.post('/api/undo', { token: undoToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, restored: { tags: 0, cards: 1 } });
    const back = (await a.get('/api/site-cards')).json.items;
    expect(back.map((x: { id: string }) => x.id)).toEqual([card.id]);
    expect(back[0].tags.map((t: { id: string }) => t.id)).toEqual([tag.id]);
    expect((await a.post('/api/undo', { token: undoToken })).status).toBe(404);
    expect((await a.get('/api/undo')).status).toBe(405);
  });

  it('reorders globally with POST and with PUT; a partial list keeps everything else in place', async () => {
    const a = await user();
    const ids: Record<string, string> = {};
    for (const n of ['a', 'b', 'c', 'd'])
      ids[n] = (await a.create('/api/site-cards', { name: n, siteUrl: `https://${n}.test` })).id;
    expect(
      (await a.post('/api/site-cards/reorder-global', { ids: [ids.d, ids.c, ids.b, ids.a] })).json,
    ).toEqual({ ok: true });
    expect(await namesInOrder(a)).toEqual(['d', 'c', 'b', 'a']);
    expect(
      (await a.put('/api/site-cards/reorder-global', { ids: [ids.a, ids.b, ids.c, ids.d] })).status,
    ).toBe(200);
    expect(await namesInOrder(a)).toEqual(['a', 'b', 'c', 'd']);
    await a.put('/api/site-cards/reorder-global', { ids: [ids.d, ids.a] });
    expect(await namesInOrder(a)).toEqual(['d', 'b', 'c', 'a']);
    expect((await a.put('/api/site-cards/reorder-global', { ids: ['card-zzz'] })).status).toBe(404);
  });

  it('lists pinned cards first, then in global order, all kinds included; a new card is appended', async () => {
    const a = await user();
    await a.post('/api/site-cards', { name: 'first', siteUrl: 'https://1.test' });
    await a.post('/api/note-cards', { content: 'a note' });
    await a.post('/api/site-cards', { name: 'pinned', siteUrl: 'https://2.test', siteIsPinned: true });
    await a.post('/api/site-cards', { name: 'newest', siteUrl: 'https://3.test' });
    // compat: the API appends (max + 1); the pages put a new card first (docs/decisions.md §63).
    expect(await namesInOrder(a)).toEqual(['pinned', 'first', 'a note', 'newest']);
  });

  it('keeps related sites with their reverse links', async () => {
    const a = await user();
    const x = await a.create('/api/site-cards', { name: 'X', siteUrl: 'https://x.test' });
    const y = await a.create('/api/site-cards', {
      name: 'Y',
      siteUrl: 'https://y.test',
      siteRelatedSites: [{ cardId: x.id, reason: 'pair' }],
    });
    expect(y.siteRelatedSites).toEqual([
      {
        cardId: x.id,
        cardName: 'X',
        cardIconUrl: null,
        cardUrl: 'https://x.test',
        enabled: true,
        sortOrder: 0,
        source: 'manual',
        reason: 'pair',
      },
    ]);
    const xs = (await a.get('/api/site-cards')).json.items.find((c: { id: string }) => c.id === x.id);
    expect(xs.siteRelatedSites.map((r: { cardId: string; source: string }) => [r.cardId, r.source])).toEqual([
      [y.id, 'ai'],
    ]);
    const cleared = await a.put('/api/site-cards', { id: y.id, siteRelatedSites: [] });
    expect(cleared.json.item.siteRelatedSites).toEqual([]);
  });
});
