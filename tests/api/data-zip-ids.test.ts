// Re-importing one's own data ZIP keeps card and tag ids, so a note's public page /card/<id> still answers
// (issue 26, item 4); an id another account holds gets a new one, and only the account's own archive keeps ids.
import { beforeEach, describe, expect, it } from 'vitest';
import { insertCards } from '#server/cards/card.model';
import { newCardDoc } from '#server/cards/card.defaults';
import { loadSpaceFromDb as getSpace } from '#server/spaces/space.cache';
import { commitReload } from '#server/spaces/space.write';
import { resetDatabase } from '../setup/db';
import { createUser, sessionClient } from '../factories';
import { Client } from '../setup/client';
import { dbSeenState, seenState } from '../read-model-helpers';
import { download, dump, entriesOf, importZip, owner, populate, rawZip } from './zip-helpers';

async function idsOf(ownerId: string) {
  const space = await getSpace(ownerId);
  return { cards: [...space.cards.keys()].sort(), tags: space.tags.map((t) => t._id).sort() };
}

/** The note's public page, as a visitor opens it. */
async function publicPage(id: string) {
  return (await new Client().get(`/card/${id}`)).status;
}

describe('ids across a data ZIP round trip', () => {
  beforeEach(resetDatabase);

  it('a clean import of one’s own archive, over the same data or after a clear, keeps every id', async () => {
    const { user, c } = await owner();
    const { note } = await populate(c);
    expect(await publicPage(note.id)).toBe(200);
    const before = await idsOf(user._id);
    const data = await dump(user._id);
    const zip = (await download(c, '/api/user/data/export')).body;

    // Replace the space with the archive while its cards are still there.
    const again = await importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    expect(again.status, again.text).toBe(200);
    expect(await idsOf(user._id)).toEqual(before);
    expect(await dump(user._id)).toEqual(data);
    expect(await publicPage(note.id)).toBe(200);

    // After a clear.
    await c.post('/api/user/data/clear');
    expect(await publicPage(note.id)).toBe(404);
    expect((await importZip(c, '/api/user/data/import', zip)).status).toBe(200);
    expect(await idsOf(user._id)).toEqual(before);
    expect(await dump(user._id)).toEqual(data);
    expect(await publicPage(note.id)).toBe(200);
  });

  it('a clean import of one’s own archive after edits, deletes and additions gives back exactly the archived space', async () => {
    const { user, c } = await owner();
    const { dev, read, gh, mdn, note } = await populate(c);
    const before = await idsOf(user._id);
    const data = await dump(user._id);
    const zip = (await download(c, '/api/user/data/export')).body;
    // Changes of every kind a wholesale write must undo: a field, a membership, a relation, a deleted card and tag,
    // a card and a tag added.
    expect(
      (await c.put('/api/site-cards', { id: gh.id, name: 'GitHub (renamed)', tagIds: [read.id] })).status,
    ).toBe(200);
    expect((await c.call('DELETE', `/api/site-cards?id=${mdn.id}`)).status).toBe(200);
    expect((await c.call('DELETE', `/api/tags?id=${dev.id}`)).status).toBe(200);
    const extra = await c.create('/api/site-cards', { name: 'Extra', siteUrl: 'https://extra.example.com' });
    await c.create('/api/tags', { name: 'Extra tag' });
    expect(await dump(user._id)).not.toEqual(data);

    const res = await importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    expect(res.status, res.text).toBe(200);
    expect(await idsOf(user._id)).toEqual(before);
    expect(await dump(user._id)).toEqual(data);
    // What the owner's client is shown is what the database holds.
    expect(await seenState(c)).toEqual(await dbSeenState(user._id));
    expect((await c.get('/api/site-cards')).json.items.map((x: { id: string }) => x.id)).not.toContain(
      extra.id,
    );
    expect(await publicPage(note.id)).toBe(200);
  });

  for (const mode of ['incremental', 'overwrite'] as const) {
    it(`a merge import (${mode}) brings deleted cards back under their ids and leaves the others`, async () => {
      const { user, c } = await owner();
      const { note, mdn } = await populate(c);
      const before = await idsOf(user._id);
      const zip = (await download(c, '/api/user/data/export')).body;
      expect((await c.call('DELETE', `/api/note-cards?id=${note.id}`)).status).toBe(200);
      expect((await c.call('DELETE', `/api/site-cards?id=${mdn.id}`)).status).toBe(200);
      expect(await publicPage(note.id)).toBe(404);
      const res = await importZip(c, '/api/user/data/import', zip, { mode });
      expect(res.status, res.text).toBe(200);
      expect(await idsOf(user._id)).toEqual(before);
      expect(await publicPage(note.id)).toBe(200);
    });
  }

  it('someone else’s archive gets new ids, even where they are free, and never touches the other account', async () => {
    const { user: alice, c: a } = await owner();
    const { note } = await populate(a);
    const zip = (await download(a, '/api/user/data/export')).body;
    const aliceIds = await idsOf(alice._id);
    const bob = await createUser({ username: 'bob' });
    const b = await sessionClient(bob);

    // While alice has them: taken.
    expect((await importZip(b, '/api/user/data/import', zip)).status).toBe(200);
    let bobIds = await idsOf(bob._id);
    expect(bobIds.cards).toHaveLength(aliceIds.cards.length);
    expect(bobIds.cards.filter((id) => aliceIds.cards.includes(id))).toEqual([]);
    expect(await idsOf(alice._id)).toEqual(aliceIds);

    // After alice cleared her space the ids are free, but the archive is not bob's: still new ids, so a deleted
    // card's public address cannot pass to another account.
    await a.post('/api/user/data/clear');
    expect((await importZip(b, '/api/user/data/import', zip)).status).toBe(200);
    bobIds = await idsOf(bob._id);
    expect(bobIds.cards.filter((id) => aliceIds.cards.includes(id))).toEqual([]);
    expect(bobIds.tags.filter((id) => aliceIds.tags.includes(id))).toEqual([]);
    expect(await publicPage(note.id)).toBe(404);
  });

  it('an id another account holds meanwhile gets a new one; the rest keep theirs', async () => {
    const { user: alice, c } = await owner();
    const { note, gh } = await populate(c);
    const before = await idsOf(alice._id);
    const zip = (await download(c, '/api/user/data/export')).body;
    await c.post('/api/user/data/clear');
    // Another account's document under the note's id (as if it had come there first).
    const bob = await createUser({ username: 'bob' });
    await insertCards([
      newCardDoc({
        _id: note.id,
        ownerId: bob._id,
        name: 'Bob’s',
        siteUrl: 'https://bob.test',
        globalSortOrder: 0,
      }),
    ]);
    await commitReload(bob._id);

    expect((await importZip(c, '/api/user/data/import', zip)).status).toBe(200);
    const after = await idsOf(alice._id);
    expect(after.tags).toEqual(before.tags);
    expect(after.cards).toContain(gh.id);
    expect(after.cards).not.toContain(note.id);
    expect(after.cards).toHaveLength(before.cards.length);
    expect((await getSpace(bob._id)).cards.get(note.id)?.name).toBe('Bob’s');
    // The archive's note links and todos follow the note's new id.
    const space = await getSpace(alice._id);
    const plan = [...space.cards.values()].find((x) => x.cardType === 'note')!;
    expect(String(plan.cardData?.content)).toContain(`sakura-site://${gh.id}`);
  });

  it('an archive whose ownership proof was altered imports with new ids', async () => {
    const { user, c } = await owner();
    await populate(c);
    const before = await idsOf(user._id);
    const files = await entriesOf((await download(c, '/api/user/data/export')).body);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest.ownerProof).toMatch(/^[0-9a-f]{64}$/);
    const forged = { ...manifest, ownerProof: '0'.repeat(64) };
    const zip = rawZip([
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(forged)) },
      ...[...files.entries()]
        .filter(([name]) => name !== 'manifest.json')
        .map(([name, data]) => ({ name, data, deflate: true })),
    ]);
    expect((await importZip(c, '/api/user/data/import', zip)).status).toBe(200);
    const after = await idsOf(user._id);
    expect(after.cards).toHaveLength(before.cards.length);
    expect(after.cards.filter((id) => before.cards.includes(id))).toEqual([]);
  });
});
