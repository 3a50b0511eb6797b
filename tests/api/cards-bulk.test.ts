// Bulk edits of cards (issue 27 item 6): one request, one unit of work, all or nothing, undone as one.
import { beforeEach, describe, expect, it } from 'vitest';
import { getSpace } from '#server/spaces/space.cache';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient, tokenClient } from '../factories';
import { dbSeenState, dbState, seenState, spaceState } from '../read-model-helpers';
import type { Client } from '../setup/client';

interface Setup {
  ownerId: string;
  c: Client;
  sites: string[];
  note: string;
  social: string;
  work: string;
  home: string;
}

/** Four site cards (two in Work, one also in Home), a note and a social card. */
async function setup(): Promise<Setup> {
  const user = await createUser();
  const c = await sessionClient(user);
  const work = (await c.create('/api/tags', { name: 'Work' })).id;
  const home = (await c.create('/api/tags', { name: 'Home' })).id;
  const sites: string[] = [];
  for (const [i, tagIds] of [[work], [work, home], [], []].entries()) {
    sites.push(
      (await c.create('/api/site-cards', { name: `Site ${i}`, url: `https://s${i}.example`, tagIds })).id,
    );
  }
  const note = (await c.create('/api/note-cards', { title: 'Note', content: 'text' })).id;
  const social = (
    await c.create('/api/social-cards', {
      cardType: 'email',
      label: 'Mail',
      payload: { type: 'email', email: 'me@example.com' },
    })
  ).id;
  return { ownerId: user._id, c, sites, note, social, work, home };
}

/** Each card's tag names and pin, by card name. */
async function board(c: Client): Promise<Record<string, string>> {
  const items = (await c.get('/api/site-cards')).json.items as {
    name: string;
    siteIsPinned: boolean;
    tags: { name: string }[];
  }[];
  return Object.fromEntries(
    items.map((i) => [
      i.name,
      [...i.tags.map((t) => t.name).sort(), ...(i.siteIsPinned ? ['pinned'] : [])].join(','),
    ]),
  );
}

const bulk = (c: Client, body: object) => c.post('/api/cards/bulk', body);

/** What the database holds equals what the app shows and this process's copy of the read model. */
async function expectCopiesRight(ownerId: string, c: Client) {
  expect(await seenState(c)).toEqual(await dbSeenState(ownerId));
  expect(spaceState(await getSpace(ownerId))).toEqual(await dbState(ownerId));
}

describe('POST /api/cards/bulk', () => {
  beforeEach(resetDatabase);

  it('adds, removes and moves tags, pins and unpins; tag operations skip social and note cards', async () => {
    const s = await setup();
    const before = await board(s.c);
    expect(before).toMatchObject({ 'Site 0': 'Work', 'Site 1': 'Home,Work', 'Site 2': '', 'Site 3': '' });

    const add = await bulk(s.c, { ids: [...s.sites, s.note, s.sites[2]], op: 'addTag', tagId: s.home });
    expect(add.status).toBe(200);
    // Site 1 was in Home already: neither changed nor skipped. The repeated id counts once.
    expect(add.json).toEqual({
      ok: true,
      op: 'addTag',
      changedIds: [s.sites[0], s.sites[2], s.sites[3]],
      skippedIds: [s.note],
      undoToken: expect.any(String),
    });
    // Cards join a tag after its cards, in the order given.
    const inHome = (await s.c.get(`/api/navigation/cards?scope=tag&tagId=${s.home}&limit=50`)).json.items.map(
      (x: { name: string }) => x.name,
    );
    expect(inHome).toEqual(['Site 1', 'Site 0', 'Site 2', 'Site 3']);

    // A move from the tag being looked at keeps the cards' other tags.
    const move = await bulk(s.c, {
      ids: [s.sites[0], s.sites[1]],
      op: 'move',
      tagId: s.home,
      fromTagId: s.work,
    });
    expect(move.json.changedIds).toEqual([s.sites[0], s.sites[1]]);
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Home', 'Site 1': 'Home', 'Site 2': 'Home' });
    // Without fromTagId the cards leave every other tag.
    await bulk(s.c, { ids: [s.sites[1]], op: 'addTag', tagId: s.work });
    await bulk(s.c, { ids: [s.sites[1], s.social], op: 'move', tagId: s.work });
    expect((await board(s.c))['Site 1']).toBe('Work');

    const remove = await bulk(s.c, { ids: [s.sites[2], s.sites[3]], op: 'removeTag', tagId: s.home });
    expect(remove.json.changedIds).toEqual([s.sites[2], s.sites[3]]);

    const pin = await bulk(s.c, { ids: [s.note, s.social, s.sites[3]], op: 'pin' });
    expect(pin.json).toMatchObject({ changedIds: [s.note, s.social, s.sites[3]], skippedIds: [] });
    expect(await board(s.c)).toMatchObject({ Note: 'pinned', Mail: 'pinned', 'Site 3': 'pinned' });
    const again = await bulk(s.c, { ids: [s.note], op: 'pin' });
    expect(again.json).toMatchObject({ changedIds: [], undoToken: null });
    await bulk(s.c, { ids: [s.note, s.sites[0]], op: 'unpin' });
    expect(await board(s.c)).toMatchObject({ Note: '', Mail: 'pinned', 'Site 0': 'Home' });
    await expectCopiesRight(s.ownerId, s.c);
  });

  it('an undo reverts exactly what the edit changed, and only once', async () => {
    const s = await setup();
    const { json } = await bulk(s.c, { ids: s.sites, op: 'move', tagId: s.home, fromTagId: s.work });
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Home', 'Site 1': 'Home', 'Site 2': 'Home' });
    // A later edit of another tag of one of the cards stays.
    const other = (await s.c.create('/api/tags', { name: 'Other' })).id;
    await s.c.put('/api/site-cards', { id: s.sites[2], tagIds: [s.home, other] });

    const undo = await s.c.post('/api/undo', { token: json.undoToken });
    expect(undo.status).toBe(200);
    expect(await board(s.c)).toMatchObject({
      'Site 0': 'Work',
      'Site 1': 'Home,Work',
      'Site 2': 'Other',
      'Site 3': '',
    });
    // Back at their old places in Work.
    const inWork = (await s.c.get(`/api/navigation/cards?scope=tag&tagId=${s.work}&limit=50`)).json.items.map(
      (x: { name: string }) => x.name,
    );
    expect(inWork).toEqual(['Site 0', 'Site 1']);
    expect((await s.c.post('/api/undo', { token: json.undoToken })).status).toBe(404);

    const pin = await bulk(s.c, { ids: [s.sites[0], s.note], op: 'pin' });
    await s.c.post('/api/undo', { token: pin.json.undoToken });
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Work', Note: '' });
    await expectCopiesRight(s.ownerId, s.c);
  });

  it('deletes cards of every kind in one request, and the undo brings them back with their tags', async () => {
    const s = await setup();
    const before = await board(s.c);
    const res = await bulk(s.c, { ids: [s.sites[0], s.sites[1], s.note, s.social], op: 'delete' });
    expect(res.json).toMatchObject({
      changedIds: [s.sites[0], s.sites[1], s.note, s.social],
      skippedIds: [],
    });
    expect(Object.keys(await board(s.c)).sort()).toEqual(['Site 2', 'Site 3']);
    expect((await s.c.post('/api/undo', { token: res.json.undoToken })).json).toEqual({
      ok: true,
      restored: { tags: 0, cards: 4 },
    });
    expect(await board(s.c)).toEqual(before);
    await expectCopiesRight(s.ownerId, s.c);
  });

  it("refuses the whole request when one id is another user's, or unknown", async () => {
    const s = await setup();
    const bob = await sessionClient(await createUser({ username: 'bob' }));
    const bobs = (await bob.create('/api/site-cards', { name: 'Bob', url: 'https://bob.example' })).id;
    const bobsTag = (await bob.create('/api/tags', { name: 'Bobs' })).id;
    const db = await dbState(s.ownerId);
    for (const op of ['delete', 'pin', 'addTag', 'move'] as const) {
      const res = await bulk(s.c, { ids: [s.sites[0], bobs], op, tagId: s.home });
      expect(res.status, op).toBe(404);
      expect(res.json).toMatchObject({ code: 'not_found' });
    }
    expect((await bulk(s.c, { ids: [s.sites[0], 'card-nope'], op: 'unpin' })).status).toBe(404);
    // Another user's tag is no tag of the caller's.
    expect((await bulk(s.c, { ids: [s.sites[0]], op: 'addTag', tagId: bobsTag })).status).toBe(404);
    expect(
      (await bulk(s.c, { ids: [s.sites[0]], op: 'move', tagId: s.home, fromTagId: bobsTag })).status,
    ).toBe(404);
    // Bob cannot touch the caller's cards either, nor undo the caller's edit.
    expect((await bulk(bob, { ids: [s.sites[0]], op: 'delete' })).status).toBe(404);
    expect(await dbState(s.ownerId)).toEqual(db);
    const mine = await bulk(s.c, { ids: [s.sites[3]], op: 'pin' });
    expect((await bob.post('/api/undo', { token: mine.json.undoToken })).status).toBe(404);
    expect((await board(s.c))['Site 3']).toBe('pinned');
    expect((await bob.get('/api/site-cards')).json.items.map((i: { name: string }) => i.name)).toEqual([
      'Bob',
    ]);
  });

  it('checks its input: at most 500 ids, a real tag for tag operations, a known op', async () => {
    const s = await setup();
    const cases: [object, string][] = [
      [{ ids: [], op: 'pin' }, 'ids: Select at least one card'],
      [
        { ids: Array.from({ length: 501 }, (_, i) => `card-${i}`), op: 'pin' },
        'ids: At most 500 cards at once',
      ],
      [{ ids: [s.sites[0]], op: 'addTag' }, 'tagId: Choose a tag'],
      [
        { ids: [s.sites[0]], op: 'archive' },
        'op: op must be one of move, addTag, removeTag, pin, unpin, delete',
      ],
      [
        { ids: [s.sites[0]], op: 'move', tagId: '__note_cards__' },
        'tagId: Cards cannot be put in or taken out of the social or note card tags',
      ],
      [{ ids: 'x', op: 'pin' }, 'ids: ids must be a list of card ids'],
    ];
    for (const [body, error] of cases) {
      const res = await bulk(s.c, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_failed', error });
    }
    expect((await s.c.get('/api/cards/bulk')).status).toBe(405);
  });

  it('takes full access tokens and refuses read-only ones', async () => {
    const user = await createUser();
    const full = await tokenClient(user);
    const ro = await tokenClient(user, { readOnly: true });
    const card = (await full.create('/api/site-cards', { name: 'A', url: 'https://a.example' })).id;
    const refused = await ro.post('/api/cards/bulk', { ids: [card], op: 'delete' });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect((await full.post('/api/cards/bulk', { ids: [card], op: 'pin' })).json.changedIds).toEqual([card]);
    expect((await full.get('/api/site-cards')).json.items[0].siteIsPinned).toBe(true);
  });

  it('the dashboard form posts the ticked cards without JavaScript, and its Undo takes the edit back', async () => {
    await createUser({ role: 'admin' }); // past the first run
    const s = await setup();
    const csrf = 'b'.repeat(64);
    s.c.cookies.set('csrf_token', csrf);
    const post = (path: string, fields: [string, string][]) =>
      s.c.call('POST', path, {
        rawBody: new URLSearchParams([['csrf', csrf], ...fields]).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const back = `/?edit=1&tag=${s.work}`;
    // The bar posts to the view it is on (the index route's action of that address).
    const form = (op: string, ids: (string | undefined)[], tagId = '') =>
      post(`${back}&index`, [
        ['intent', 'bulk'],
        ['returnTo', back],
        ['fromTagId', s.work],
        ['tagId', tagId],
        ...ids.map((id): [string, string] => ['ids', id!]),
        ['op', op],
      ]);
    const page = await s.c.get(back);
    expect(page.text).toContain('form="bulk-form"');
    expect(page.text).toContain('Select all in this tag');
    expect(page.text).toContain(`action="${back.replace('&', '&amp;')}&amp;index"`);

    const moved = await form('move', [s.sites[0], s.sites[1], s.note], s.home);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(back);
    const shown = (await s.c.get(back)).text;
    expect(shown).toContain('2 cards moved to Home. Skipped, as social cards and notes have no tags: 1.');
    const token = /name="token" value="([^"]+)"/.exec(shown)?.[1];
    expect(token).toBeTruthy();
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Home', 'Site 1': 'Home' });
    await post('/undo', [
      ['token', token!],
      ['returnTo', back],
    ]);
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Work', 'Site 1': 'Home,Work' });

    // One ticked card is a list of one.
    await form('pin', [s.sites[3]]);
    expect((await s.c.get(back)).text).toContain('1 card pinned.');
    // Refused (nothing ticked, no tag for a tag operation, a card gone meanwhile): the same view again (400, no
    // redirect), the reason in the bar, the cards still ticked, nothing changed.
    const ticked = (html: string, id: string) =>
      / checked=/.test(new RegExp(`<input[^>]*value="${id}"[^>]*>`).exec(html)?.[0] ?? '');
    const none = await form('delete', []);
    expect(none.status).toBe(400);
    expect(none.text).toContain('Select all in this tag');
    expect(none.text).toMatch(/id="bulk-errors"><p>Select at least one card<\/p>/);
    const noTag = await form('addTag', [s.sites[0]]);
    expect(noTag.status).toBe(400);
    expect(noTag.text).toMatch(/id="bulk-tag-error" class="field-error" role="alert"><span>Choose a tag</);
    expect(noTag.text).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="bulk-tag-error"/);
    expect(ticked(noTag.text, s.sites[0]!)).toBe(true);
    expect(ticked(noTag.text, s.sites[1]!)).toBe(false);
    const gone = await form('move', [s.sites[0], s.sites[1], 'card-gone'], s.home);
    expect(gone.status).toBe(404);
    expect(gone.text).toMatch(
      /id="bulk-errors"><p>Some of those cards or that tag no longer exist; nothing was changed.<\/p>/,
    );
    expect(gone.text).toMatch(new RegExp(`<option value="${s.home}" selected=""`));
    expect([s.sites[0]!, s.sites[1]!].map((id) => ticked(gone.text, id))).toEqual([true, true]);
    // In the page's language.
    s.c.cookies.set('lang', 'zh');
    expect((await form('delete', [])).text).toMatch(/id="bulk-errors"><p>请至少勾选一张卡片<\/p>/);
    s.c.cookies.delete('lang');
    expect(Object.keys(await board(s.c))).toHaveLength(6);
    expect(await board(s.c)).toMatchObject({ 'Site 0': 'Work', 'Site 1': 'Home,Work' });
    // A post without the CSRF token is refused.
    const forged = await s.c.call('POST', '/?index', {
      rawBody: new URLSearchParams({ intent: 'bulk', ids: s.sites[2]!, op: 'delete' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
    expect(Object.keys(await board(s.c))).toHaveLength(6);
  });

  it('two clients bulk-editing the same space at once leave one of the two orders, for every card alike', async () => {
    const user = await createUser();
    const [a, b] = await Promise.all([sessionClient(user), tokenClient(user)]);
    const x = (await a.create('/api/tags', { name: 'X' })).id;
    const y = (await a.create('/api/tags', { name: 'Y' })).id;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await a.create('/api/site-cards', { name: `C${i}`, url: `https://c${i}.example` })).id);
    // Each round: one client adds X to every card while the other moves them all to Y (leaving every other tag) and
    // pins them, in reversed order.
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        bulk(a, { ids, op: 'addTag', tagId: x }),
        bulk(b, { ids: [...ids].reverse(), op: 'move', tagId: y }),
        bulk(b, { ids, op: round % 2 ? 'unpin' : 'pin' }),
      ]);
      for (const r of results) expect(r.status, r.text).toBe(200);
      const seen = Object.values(await board(a));
      // Either X was added before the move (and the move took it away) or after it: the same for all 40 cards.
      expect(new Set(seen).size, seen.join(' | ')).toBe(1);
      expect(['Y', 'X,Y'].map((t) => `${t}${round % 2 ? '' : ',pinned'}`)).toContain(seen[0]);
      // Orders inside each tag are distinct.
      for (const tag of [x, y]) {
        const items = (await a.get(`/api/navigation/cards?scope=tag&tagId=${tag}&limit=100`)).json.items;
        const orders = items.map(
          (c: { tags: { id: string; sortOrder: number }[] }) => c.tags.find((t) => t.id === tag)!.sortOrder,
        );
        expect(new Set(orders).size).toBe(orders.length);
      }
      await expectCopiesRight(user._id, a);
    }
  });
});
