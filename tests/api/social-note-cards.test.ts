import { beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_TYPES } from '#server/cards/card-kinds.shared';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { newUserClient } from '../factories';

async function user(name = 'alice') {
  return newUserClient({ username: name });
}

describe('social cards API', () => {
  beforeEach(resetDatabase);

  it('creates each of the 12 types, requiring its identifying field', async () => {
    const a = await user();
    for (const meta of SOCIAL_TYPES) {
      const value =
        meta.idField === 'url'
          ? `https://${meta.type}.test/me`
          : meta.idField === 'email'
            ? 'me@x.test'
            : '12345';
      const res = await a.post('/api/social-cards', {
        cardType: meta.type,
        payload: { [meta.idField]: value, qrCodeUrl: '/qr.png', extra: 'dropped' },
      });
      expect(res.status, meta.type).toBe(200);
      const expected: Record<string, unknown> = { type: meta.type, [meta.idField]: value };
      if (meta.qr) expected.qrCodeUrl = '/qr.png';
      expect(res.json.item).toMatchObject({
        cardType: meta.type,
        label: meta.names.zh,
        iconBgColor: meta.color,
        hint: null,
      });
      expect(res.json.item.payload).toEqual(expected);

      const missing = await a.post('/api/social-cards', {
        cardType: meta.type,
        payload: { [meta.idField]: '  ' },
      });
      expect(missing.status, `${meta.type} without ${meta.idField}`).toBe(400);
    }
    expect((await a.get('/api/social-cards')).json.items).toHaveLength(12);
  });

  it('refuses unknown types, missing payloads and script URLs', async () => {
    const a = await user();
    expect((await a.post('/api/social-cards', { cardType: 'myspace', payload: {} })).status).toBe(400);
    expect((await a.post('/api/social-cards', { cardType: 'qq' })).status).toBe(400);
    expect(
      (await a.post('/api/social-cards', { cardType: 'github', payload: { url: 'javascript:alert(1)' } }))
        .status,
    ).toBe(400);
  });

  it('updates, reorders (PUT and POST), deletes one and deletes all', async () => {
    const a = await user();
    const one = await a.create('/api/social-cards', {
      cardType: 'qq',
      label: 'Me',
      hint: 'Add me',
      payload: { qqNumber: '1' },
    });
    const two = (await a.post('/api/social-cards', { cardType: 'email', payload: { email: 'a@b.test' } }))
      .json.item;
    const upd = await a.put('/api/social-cards', {
      id: one.id,
      label: 'Me again',
      payload: { qqNumber: '2' },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.item).toMatchObject({
      label: 'Me again',
      hint: 'Add me',
      payload: { type: 'qq', qqNumber: '2' },
    });
    expect(upd.json.card).toMatchObject({ id: one.id, cardType: 'qq', name: 'Me again' });
    expect(JSON.parse(upd.json.card.cardData)).toEqual({ type: 'qq', qqNumber: '2' });

    await a.put('/api/social-cards/reorder', { ids: [two.id, one.id] });
    expect((await a.get('/api/social-cards')).json.items.map((c: { id: string }) => c.id)).toEqual([
      two.id,
      one.id,
    ]);
    await a.post('/api/social-cards/reorder', { ids: [one.id, two.id] });
    expect((await a.get('/api/social-cards')).json.items.map((c: { id: string }) => c.id)).toEqual([
      one.id,
      two.id,
    ]);

    expect((await a.delete(`/api/social-cards?id=${one.id}`)).json.ok).toBe(true);
    expect((await a.get('/api/social-cards')).json.items).toHaveLength(1);
    await a.post('/api/site-cards', { name: 'site', siteUrl: 'https://s.test' });
    expect((await a.delete('/api/social-cards')).json.ok).toBe(true);
    expect((await a.get('/api/social-cards')).json.items).toEqual([]);
    // Deleting all social cards leaves other kinds alone.
    expect((await a.get('/api/site-cards')).json.items).toHaveLength(1);
  });

  it('serves one social card publicly by id, but not site cards or unknown ids', async () => {
    const a = await user();
    const card = (await a.post('/api/social-cards', { cardType: 'wechat', payload: { wechatId: 'wx_me' } }))
      .json.item;
    const site = await a.create('/api/site-cards', {
      name: 's',
      siteUrl: 'https://s.test',
      siteNotes: 'private',
    });
    const visitor = new Client();
    const res = await visitor.get(`/api/social-cards/${card.id}`);
    expect(res.status).toBe(200);
    expect(res.json.item).toMatchObject({ id: card.id, cardType: 'wechat', name: '微信' });
    expect((await visitor.get(`/api/social-cards/${site.id}`)).status).toBe(404);
    expect((await visitor.get('/api/social-cards/card-nope')).status).toBe(404);
  });

  it("isolates users' social cards", async () => {
    const a = await user('alice');
    const b = await user('bob');
    const card = (await a.post('/api/social-cards', { cardType: 'qq', payload: { qqNumber: '1' } })).json
      .item;
    expect((await b.put('/api/social-cards', { id: card.id, label: 'x' })).status).toBe(404);
    expect((await b.delete(`/api/social-cards?id=${card.id}`)).status).toBe(404);
    expect((await b.get('/api/social-cards')).json.items).toEqual([]);
    expect((await a.get('/api/social-cards')).json.items[0].label).toBe('QQ');
  });
});

describe('note cards API', () => {
  beforeEach(resetDatabase);

  it('creates notes, deriving a title from the text when none is given', async () => {
    const a = await user();
    const res = await a.post('/api/note-cards', { content: '# Shopping list\n* milk and bread and eggs' });
    expect(res.status).toBe(200);
    expect(res.json.item).toMatchObject({ title: 'Shopping list milk a...', iconBgColor: '#6366f1' });
    expect(res.json.affectedCardIds).toEqual([]);
    const titled = await a.post('/api/note-cards', { title: 'Plan', content: 'Do things' });
    expect(titled.json.item).toMatchObject({ title: 'Plan', content: 'Do things' });
    expect((await a.post('/api/note-cards', { content: '   ' })).status).toBe(400);
    expect((await a.post('/api/note-cards', {})).status).toBe(400);
    expect((await a.get('/api/note-cards')).json.items.map((n: { title: string }) => n.title)).toEqual([
      'Shopping list milk a...',
      'Plan',
    ]);
  });

  it('keeps site todos in step with notes that link to the site', async () => {
    const a = await user();
    const site = await a.create('/api/site-cards', {
      name: 'GitHub',
      siteUrl: 'https://github.com',
      siteTodos: [{ id: 'm', text: 'manual', completed: false }],
    });
    const note = await a.post('/api/note-cards', {
      title: 'Review PRs',
      content: `Check [GitHub](sakura-site://${site.id}) daily`,
    });
    expect(note.json.affectedCardIds).toEqual([site.id]);
    const todos = async () =>
      (await a.get('/api/site-cards')).json.items.find((c: { id: string }) => c.id === site.id).siteTodos;
    const first = await todos();
    expect(first).toEqual([
      { id: 'm', text: 'manual', completed: false },
      {
        id: expect.stringMatching(/^note-todo-/),
        text: 'Review PRs',
        completed: false,
        noteId: note.json.item.id,
      },
    ]);
    // Ticking the todo survives a rename of the note; the todo follows the note's title.
    await a.patch('/api/site-cards/memo', {
      id: site.id,
      siteTodos: [first[0], { ...first[1], completed: true }],
    });
    const upd = await a.put('/api/note-cards', { id: note.json.item.id, title: 'Review pull requests' });
    expect(upd.status).toBe(200);
    expect(upd.json.card).toMatchObject({ id: note.json.item.id, cardType: 'note' });
    expect((await todos())[1]).toMatchObject({
      id: first[1].id,
      text: 'Review pull requests',
      completed: true,
    });
    const del = await a.delete(`/api/note-cards?id=${note.json.item.id}`);
    expect(del.json).toMatchObject({ ok: true, affectedCardIds: [site.id] });
    expect(await todos()).toEqual([{ id: 'm', text: 'manual', completed: false }]);
    // Undoing the deletion brings the note back, and with it its todo on the site.
    expect((await a.post('/api/undo', { token: del.json.undoToken })).status).toBe(200);
    expect((await todos())[1]).toMatchObject({ text: 'Review pull requests', noteId: note.json.item.id });
  });

  it('deletes all notes when no id is given, and isolates users', async () => {
    const a = await user('alice');
    const b = await user('bob');
    const n = await a.create('/api/note-cards', { content: 'mine' });
    expect((await b.put('/api/note-cards', { id: n.id, content: 'x' })).status).toBe(404);
    expect((await b.delete(`/api/note-cards?id=${n.id}`)).status).toBe(404);
    await b.post('/api/note-cards', { content: 'theirs' });
    await a.post('/api/note-cards', { content: 'mine too' });
    expect((await a.delete('/api/note-cards')).json.ok).toBe(true);
    expect((await a.get('/api/note-cards')).json.items).toEqual([]);
    expect((await b.get('/api/note-cards')).json.items.map((x: { content: string }) => x.content)).toEqual([
      'theirs',
    ]);
  });
});
