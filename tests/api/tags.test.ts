import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { createUser, sessionClient, tokenClient } from '../factories';

async function twoUsers() {
  const a = await createUser({ username: 'alice' });
  const b = await createUser({ username: 'bob' });
  return { a: await sessionClient(a), b: await sessionClient(b), aUser: a, bUser: b };
}

async function names(c: Client) {
  return (await c.get('/api/tags')).json.items.map((t: { name: string }) => t.name);
}

describe('tags API', () => {
  beforeEach(resetDatabase);

  it('creates a tag and answers the full Tag shape', async () => {
    const { a } = await twoUsers();
    const res = await a.post('/api/tags', {
      name: 'Dev Tools',
      logoUrl: 'https://x.test/l.png',
      logoBgColor: '#112233',
      description: 'Code',
    });
    expect(res.status).toBe(200);
    expect(res.json.item).toEqual({
      id: expect.stringMatching(/^tag-/),
      name: 'Dev Tools',
      slug: 'dev-tools',
      sortOrder: 0,
      isHidden: false,
      logoUrl: 'https://x.test/l.png',
      logoBgColor: '#112233',
      description: 'Code',
      siteCount: 0,
    });
    const list = await a.get('/api/tags');
    expect(list.json.items).toHaveLength(1);
    expect(typeof list.json._note).toBe('string');
  });

  it('refuses bad names: empty, too long, reserved, duplicate', async () => {
    const { a } = await twoUsers();
    expect((await a.post('/api/tags', { name: '' })).json).toMatchObject({ code: 'validation_failed' });
    expect((await a.post('/api/tags', { name: 'x'.repeat(41) })).status).toBe(400);
    expect((await a.post('/api/tags', { name: '社交卡片' })).status).toBe(400);
    expect((await a.post('/api/tags', {})).status).toBe(400);
    // A value of the wrong type is named as such, not as a missing one (issue 28 item 5).
    const typed = await a.post('/api/tags', { name: 42 });
    expect(typed.status).toBe(400);
    expect(JSON.stringify(typed.json)).toContain('Tag name must be text');
    expect(JSON.stringify(typed.json)).not.toContain('required');
    await a.post('/api/tags', { name: 'News' });
    const dup = await a.post('/api/tags', { name: 'news' });
    expect(dup.status).toBe(409);
    expect(dup.json.code).toBe('conflict');
  });

  it('updates only the given fields; empty strings clear them', async () => {
    const { a } = await twoUsers();
    const { item } = (await a.post('/api/tags', { name: 'A', description: 'keep', logoUrl: 'https://l' }))
      .json;
    const res = await a.put('/api/tags', { id: item.id, name: 'B', logoUrl: '' });
    expect(res.status).toBe(200);
    expect(res.json.item).toMatchObject({ name: 'B', slug: 'b', description: 'keep', logoUrl: null });
    const hidden = await a.put('/api/tags', { id: item.id, isHidden: true });
    expect(hidden.json.item.isHidden).toBe(true);
  });

  it("gives 404 for another user's tag and leaves it unchanged", async () => {
    const { a, b } = await twoUsers();
    const { item } = (await a.post('/api/tags', { name: 'Private' })).json;
    expect((await b.put('/api/tags', { id: item.id, name: 'Hacked' })).status).toBe(404);
    expect((await b.delete(`/api/tags?id=${item.id}`)).status).toBe(404);
    expect((await b.post(`/api/tags/${item.id}/sites/reorder`, { ids: ['x'] })).status).toBe(404);
    expect(await names(a)).toEqual(['Private']);
    expect(await names(b)).toEqual([]);
  });

  it('deletes a tag but keeps its cards unless asked', async () => {
    const { a } = await twoUsers();
    const tag = await a.create('/api/tags', { name: 'T' });
    const card = (await a.post('/api/site-cards', { name: 'S', siteUrl: 'https://s.test', tagIds: [tag.id] }))
      .json.item;
    expect((await a.get('/api/tags')).json.items[0].siteCount).toBe(1);
    const del = await a.delete(`/api/tags?id=${tag.id}`);
    expect(del.status).toBe(200);
    expect(del.json.ok).toBe(true);
    const cards = (await a.get('/api/site-cards')).json.items;
    expect(cards.map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect(cards[0].tags).toEqual([]);

    const tag2 = await a.create('/api/tags', { name: 'T2' });
    await a.post('/api/site-cards', { name: 'S2', siteUrl: 'https://s2.test', tagIds: [tag2.id] });
    const withCards = await a.delete(`/api/tags?id=${tag2.id}&deleteCards=true`);
    expect(withCards.json.deletedCards).toBe(1);
    expect((await a.get('/api/site-cards')).json.items).toHaveLength(1);
    expect((await a.delete('/api/tags')).status).toBe(400);
  });

  it('reorders tags with POST and with PUT, virtual tags included', async () => {
    const { a } = await twoUsers();
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) ids.push((await a.create('/api/tags', { name })).id);
    expect((await a.post('/api/tags/reorder', { ids: [ids[2], ids[0], ids[1]] })).json).toEqual({ ok: true });
    expect(await names(a)).toEqual(['three', 'one', 'two']);
    expect((await a.put('/api/tags/reorder', { ids: [ids[1], ids[2], ids[0]] })).status).toBe(200);
    expect(await names(a)).toEqual(['two', 'three', 'one']);

    // Put the social-card virtual tag last among them.
    await a.post('/api/social-cards', { cardType: 'email', payload: { email: 'me@x.test' } });
    const order = (await a.get('/api/navigation/tags')).json.items.map((t: { id: string }) => t.id);
    expect(order[0]).toBe('__social_cards__');
    await a.post('/api/tags/reorder', { ids: [ids[1], ids[2], ids[0], '__social_cards__'] });
    const after = (await a.get('/api/navigation/tags')).json.items.map((t: { id: string }) => t.id);
    expect(after).toEqual([ids[1], ids[2], ids[0], '__social_cards__']);

    expect((await a.post('/api/tags/reorder', { ids: ['tag-nope'] })).status).toBe(404);
    expect((await a.post('/api/tags/reorder', { ids: [] })).status).toBe(400);
    expect((await a.post('/api/tags/reorder', { ids: 'x' })).status).toBe(400);
  });

  it('reorders cards inside a tag on both paths and both methods, and restores links', async () => {
    const { a } = await twoUsers();
    const tag = await a.create('/api/tags', { name: 'T' });
    const ids: string[] = [];
    for (const n of ['a', 'b', 'c']) {
      ids.push(
        (await a.post('/api/site-cards', { name: n, siteUrl: `https://${n}.test`, tagIds: [tag.id] })).json
          .item.id,
      );
    }
    const inTag = async () =>
      (await a.get(`/api/navigation/cards?scope=tag&tagId=${tag.id}`)).json.items.map(
        (c: { name: string }) => c.name,
      );
    // Through the API a card that joins a tag goes after its cards (compat: max + 1).
    expect(await inTag()).toEqual(['a', 'b', 'c']);
    await a.post(`/api/tags/${tag.id}/sites/reorder`, { ids: [ids[2], ids[1], ids[0]] });
    expect(await inTag()).toEqual(['c', 'b', 'a']);
    await a.put(`/api/tags/${tag.id}/cards/reorder`, { ids: [ids[1], ids[2], ids[0]] });
    expect(await inTag()).toEqual(['b', 'c', 'a']);
    await a.put(`/api/tags/${tag.id}/sites/reorder`, { ids: [ids[0], ids[1]] });
    // Only a and b were listed: they swap the places they held (b first, a last), c stays in the middle.
    expect(await inTag()).toEqual(['a', 'c', 'b']);

    // The older client's undo of a tag deletion: a new tag, then its cards restored in order.
    const fresh = await a.create('/api/tags', { name: 'Back' });
    expect((await a.put(`/api/tags/${fresh.id}/cards/restore`, { ids: [ids[2], ids[0]] })).json).toEqual({
      ok: true,
    });
    await a.put(`/api/tags/${fresh.id}/sites/restore`, { ids: [ids[1]] });
    const restored = (await a.get(`/api/navigation/cards?scope=tag&tagId=${fresh.id}`)).json.items.map(
      (c: { name: string }) => c.name,
    );
    expect(restored).toEqual(['c', 'a', 'b']);
    expect((await a.put(`/api/tags/${fresh.id}/sites/restore`, { ids: ['card-unknown'] })).status).toBe(404);
  });

  it('needs a signed-in user; tokens work; visitors get 401', async () => {
    const u = await createUser();
    expect((await new Client().get('/api/tags')).status).toBe(401);
    expect((await new Client().post('/api/tags', { name: 'x' })).status).toBe(401);
    const t = await tokenClient(u);
    expect((await t.post('/api/tags', { name: 'via token' })).status).toBe(200);
    const ro = await tokenClient(u, { readOnly: true });
    expect((await ro.get('/api/tags')).json.items).toHaveLength(1);
    expect((await ro.post('/api/tags', { name: 'nope' })).status).toBe(403);
  });
});
