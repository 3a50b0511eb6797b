// Every write path of the data space with 8 concurrent clients: nothing lost, orders distinct, and the cached
// copies (the app's and this process's) equal to what the database holds afterwards.
import { beforeEach, describe, expect, it } from 'vitest';
import { getSpace } from '#server/spaces/space.cache';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient } from '../factories';
import { dbSeenState, dbState, seenState, spaceState } from '../read-model-helpers';
import type { Client } from '../setup/client';

const EIGHT = Array.from({ length: 8 }, (_, i) => i);

async function setup() {
  const user = await createUser();
  const clients = await Promise.all(EIGHT.map(() => sessionClient(user)));
  return { ownerId: user._id, clients, c: clients[0]! };
}

async function allOk(calls: Promise<{ status: number; json: unknown }>[]) {
  const results = await Promise.all(calls);
  for (const r of results) expect(r.status, JSON.stringify(r.json)).toBe(200);
  return results.map((r) => r.json as any);
}

/** The app shows what the database holds, and so does this process's copy of the read model (a second instance). */
async function expectCopiesRight(ownerId: string, client: Client) {
  const db = await dbState(ownerId);
  expect(await seenState(client)).toEqual(await dbSeenState(ownerId));
  expect(spaceState(await getSpace(ownerId))).toEqual(db);
  return db;
}

const siteBody = (i: number, extra: object = {}) => ({
  name: `Site ${i}`,
  url: `https://s${i}.example.com`,
  ...extra,
});

describe('8 concurrent clients on every write path', () => {
  beforeEach(resetDatabase);

  it('site cards: create, update, memo, reorder, delete and undo', { timeout: 120_000 }, async () => {
    const { ownerId, clients } = await setup();
    const tags = await allOk(EIGHT.map((i) => clients[i]!.post('/api/tags', { name: `Tag ${i}` })));
    expect(new Set(tags.map((t) => t.item.sortOrder)).size).toBe(8);
    const made = (
      await allOk(
        EIGHT.map((i) => clients[i]!.post('/api/site-cards', siteBody(i, { tagIds: [tags[0].item.id] }))),
      )
    ).map((r) => r.item);
    expect(new Set(made.map((m) => m.globalSortOrder)).size).toBe(8);
    expect(new Set(made.map((m) => m.tags[0].sortOrder)).size).toBe(8);
    await allOk(
      EIGHT.map((i) => clients[i]!.put('/api/site-cards', { id: made[i].id, siteDescription: `D${i}` })),
    );
    await allOk(
      EIGHT.map((i) =>
        clients[i]!.call('PATCH', '/api/site-cards/memo', { body: { id: made[i].id, siteNotes: `N${i}` } }),
      ),
    );
    const ids = made.map((m) => m.id);
    await allOk(
      EIGHT.map((i) =>
        clients[i]!.post('/api/site-cards/reorder-global', { ids: [...ids.slice(i), ...ids.slice(0, i)] }),
      ),
    );
    await allOk(
      EIGHT.map((i) =>
        clients[i]!.post(`/api/tags/${tags[0].item.id}/sites/reorder`, { ids: [...ids].reverse() }),
      ),
    );
    await allOk(EIGHT.map((i) => clients[i]!.post('/api/tags/reorder', { ids: [tags[i].item.id] })));
    let db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.cards.map((x: { siteNotes: string }) => x.siteNotes).sort()).toEqual(EIGHT.map((i) => `N${i}`));
    const deleted = await allOk(
      EIGHT.map((i) => clients[i]!.call('DELETE', `/api/site-cards?id=${made[i].id}`)),
    );
    db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.cards).toHaveLength(0);
    await allOk(EIGHT.map((i) => clients[i]!.post('/api/undo', { token: deleted[i].undoToken })));
    db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.cards).toHaveLength(8);
    expect(db.memberships).toHaveLength(8);
  });

  it('tags: create, update, restore cards, delete', async () => {
    const { ownerId, clients, c } = await setup();
    const card = await c.create('/api/site-cards', siteBody(0));
    const tags = (await allOk(EIGHT.map((i) => clients[i]!.post('/api/tags', { name: `T${i}` })))).map(
      (r) => r.item,
    );
    await allOk(
      EIGHT.map((i) => clients[i]!.put('/api/tags', { id: tags[i].id, description: `about ${i}` })),
    );
    await allOk(
      EIGHT.map((i) => clients[i]!.post(`/api/tags/${tags[i].id}/sites/restore`, { ids: [card.id] })),
    );
    let db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.memberships).toHaveLength(8);
    await allOk(EIGHT.map((i) => clients[i]!.call('DELETE', `/api/tags?id=${tags[i].id}`)));
    db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.tags).toHaveLength(0);
    expect(db.cards).toHaveLength(1);
  });

  it('social and note cards: create, update, reorder, delete', async () => {
    const { ownerId, clients, c } = await setup();
    const site = await c.create('/api/site-cards', siteBody(0));
    const socials = (
      await allOk(
        EIGHT.map((i) =>
          clients[i]!.post('/api/social-cards', {
            cardType: 'github',
            payload: { url: `https://github.com/u${i}` },
          }),
        ),
      )
    ).map((r) => r.item);
    const notes = (
      await allOk(
        EIGHT.map((i) =>
          clients[i]!.post('/api/note-cards', {
            title: `Note ${i}`,
            content: `see [s](sakura-site://${site.id})`,
          }),
        ),
      )
    ).map((r) => r.item);
    await allOk(
      EIGHT.map((i) => clients[i]!.put('/api/social-cards', { id: socials[i].id, label: `L${i}` })),
    );
    await allOk(
      EIGHT.map((i) => clients[i]!.put('/api/note-cards', { id: notes[i].id, title: `Renamed ${i}` })),
    );
    await allOk(
      EIGHT.map((i) =>
        clients[i]!.put('/api/social-cards/reorder', { ids: [socials[i].id, socials[(i + 1) % 8].id] }),
      ),
    );
    let db = await expectCopiesRight(ownerId, clients[0]!);
    const todos = db.cards.find((x: { _id: string }) => x._id === site.id).siteTodos;
    expect(todos.map((t: { text: string }) => t.text).sort()).toEqual(
      EIGHT.map((i) => `Renamed ${i}`).sort(),
    );
    await allOk(EIGHT.map((i) => clients[i]!.call('DELETE', `/api/social-cards?id=${socials[i].id}`)));
    await allOk(EIGHT.map((i) => clients[i]!.call('DELETE', `/api/note-cards?id=${notes[i].id}`)));
    db = await expectCopiesRight(ownerId, clients[0]!);
    expect(db.cards).toHaveLength(1);
    expect(db.cards[0].siteTodos).toEqual([]);
  });
});

describe('deleting a note through any path', () => {
  beforeEach(resetDatabase);

  async function noteOnSite(c: Client) {
    const site = await c.create('/api/site-cards', siteBody(1));
    const note = await c.create('/api/note-cards', {
      title: 'Plan',
      content: `[go](sakura-site://${site.id})`,
    });
    const todos = (await c.get('/api/site-cards')).json.items.find(
      (x: { id: string }) => x.id === site.id,
    ).siteTodos;
    expect(todos).toMatchObject([{ text: 'Plan', noteId: note.id }]);
    return { site, note };
  }

  it('DELETE /api/site-cards?id=<note> removes the todos the note put on linked sites', async () => {
    const { c } = await setup();
    const { site, note } = await noteOnSite(c);
    const res = await c.call('DELETE', `/api/site-cards?id=${note.id}`);
    expect(res.status).toBe(200);
    expect(res.json.affectedCardIds).toEqual([site.id]);
    const after = (await c.get('/api/site-cards')).json.items.find((x: { id: string }) => x.id === site.id);
    expect(after.siteTodos).toEqual([]);
    // Undo brings the note and its todo back.
    await c.post('/api/undo', { token: res.json.undoToken });
    const restored = (await c.get('/api/site-cards')).json.items.find(
      (x: { id: string }) => x.id === site.id,
    );
    expect(restored.siteTodos).toMatchObject([{ text: 'Plan', noteId: note.id }]);
  });
});
