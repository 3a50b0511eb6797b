import { beforeEach, describe, expect, it } from 'vitest';
import { actorOf, createUser, admin, sessionClient } from '../../tests/factories';
import { dbSeenState, dbState, seenState, spaceState } from '../../tests/read-model-helpers';
import { resetDatabase } from '../../tests/setup/db';
import { CardModel } from '../cards/card.model';
import { SiteCreateSchema, SiteUpdateSchema } from '../cards/card.schema';
import { createSiteCard, createSiteCards, updateSiteCard } from '../cards/site-card.service';
import { setQuotas } from '../settings/settings.service';
import { getSpace, publishSpace } from './space.cache';
import { SpaceChangeModel } from './space-change.model';
import { commitReload, writeSpace } from './space.write';
import { newCardDoc } from '../cards/card.defaults';
import { createTag } from '../tags/tag.service';
import { TagCreateSchema } from '../tags/tag.schema';

const site = (name: string, extra: Record<string, unknown> = {}) =>
  SiteCreateSchema.parse({ name, siteUrl: `https://${name.toLowerCase()}.example.com`, ...extra });

async function someone() {
  const user = await createUser();
  return { user, actor: actorOf(user), client: await sessionClient(user) };
}

describe('writing a data space', () => {
  beforeEach(resetDatabase);

  it('two writers changing different fields of one card never leave a stale cached copy', async () => {
    const { user, actor } = await someone();
    const card = await createSiteCard(actor, site('A'));
    await getSpace(user._id);
    for (let i = 0; i < 5; i++) {
      // Both start from the same cached revision; each changes one field.
      await Promise.all([
        updateSiteCard(actor, SiteUpdateSchema.parse({ id: card.id, name: `Name ${i}` })),
        updateSiteCard(actor, SiteUpdateSchema.parse({ id: card.id, siteDescription: `Description ${i}` })),
      ]);
      const cached = (await getSpace(user._id)).cards.get(card.id)!;
      const stored = (await CardModel.findById(card.id).lean())!;
      expect([cached.name, cached.siteDescription]).toEqual([`Name ${i}`, `Description ${i}`]);
      expect([stored.name, stored.siteDescription]).toEqual([`Name ${i}`, `Description ${i}`]);
    }
  });

  it('stores a card without its default fields and reads it back whole, older whole documents too', async () => {
    const { user, actor } = await someone();
    const card = await createSiteCard(actor, site('Sparse', { siteIsPinned: true }));
    const stored = (await CardModel.collection.findOne({ _id: card.id as never }))!;
    // Named: what differs from the defaults. Not named: fields at their default (false, null, '', []).
    expect(stored).toMatchObject({ name: 'Sparse', siteIsPinned: true, ownerId: user._id });
    for (const field of ['siteSkipOnlineCheck', 'cardData', 'siteNotes', 'siteTodos', 'socialHint'])
      expect(stored).not.toHaveProperty(field);
    const whole = newCardDoc({
      ownerId: user._id,
      name: 'Whole',
      siteUrl: 'https://w.example',
      globalSortOrder: 99,
    });
    await CardModel.collection.insertOne(whole as never);
    await commitReload(user._id);
    const space = await getSpace(user._id);
    const read = space.cards.get(card.id)!;
    expect(read).toMatchObject({
      siteIsPinned: true,
      siteSkipOnlineCheck: false,
      siteTodos: [],
      cardData: null,
    });
    expect(Object.keys(read).sort()).toEqual(Object.keys(space.cards.get(whole._id)!).sort());
    expect(space.cards.get(whole._id)).toEqual(whole);
  });

  it('gives concurrent creates distinct places at the end of the order', async () => {
    const { user, actor } = await someone();
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => createSiteCard(actor, site(`S${i}`))));
    const orders = made.map((c) => c.globalSortOrder);
    expect(new Set(orders).size).toBe(8);
    expect(spaceState(await getSpace(user._id))).toEqual(await dbState(user._id));
  });

  it('units queued behind one that wrote to the database itself plan on what it wrote', async () => {
    const { user, actor } = await someone();
    await createSiteCard(actor, site('Known'));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // A slow unit keeps the queue busy, so the next two wait and would run as one group.
    const first = writeSpace(user._id, async () => {
      await held;
      return { result: undefined };
    });
    const restore = writeSpace(
      user._id,
      async () => {
        await CardModel.create(
          newCardDoc({
            ownerId: user._id,
            name: 'Written',
            siteUrl: 'https://w.example.com',
            globalSortOrder: 5,
          }),
        );
        return { result: undefined };
      },
      { alone: true },
    );
    const clear = writeSpace(user._id, (space) => ({
      change: { deleteCards: [...space.cards.keys()] },
      result: space.size,
    }));
    release();
    await Promise.all([first, restore]);
    expect((await clear).result).toBe(2);
    expect(await CardModel.countDocuments({ ownerId: user._id })).toBe(0);
    expect((await getSpace(user._id)).size).toBe(0);
  });

  it('writes the units of a group even when another unit of it fails part-way', async () => {
    const { user } = await someone();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = writeSpace(user._id, async () => {
      await held;
      return { result: undefined };
    });
    // These two wait behind the first and run as one group: a create, then a unit that fails unexpectedly.
    const card = newCardDoc({
      ownerId: user._id,
      name: 'Kept',
      siteUrl: 'https://kept.example.com',
      globalSortOrder: 1,
    });
    const create = writeSpace(user._id, () => ({ change: { upsertCards: [card] }, result: card._id }));
    const boom = writeSpace(user._id, () => {
      throw new Error('the database went away half-way');
    });
    // Handled from the start: it is refused while the create is still being written.
    const refused = expect(boom).rejects.toThrow('half-way');
    release();
    await first;
    expect((await create).result).toBe(card._id);
    await refused;
    // The create was answered as done: it is stored, and every copy shows it.
    expect(await CardModel.countDocuments({ _id: card._id })).toBe(1);
    expect((await getSpace(user._id)).cards.has(card._id)).toBe(true);
    expect(spaceState(await getSpace(user._id))).toEqual(await dbState(user._id));
  });

  it('a unit queued alone sees what the units before it wrote', async () => {
    const { user } = await someone();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = writeSpace(user._id, async () => {
      await held;
      return { result: undefined };
    });
    const card = newCardDoc({
      ownerId: user._id,
      name: 'Before',
      siteUrl: 'https://b.example.com',
      globalSortOrder: 1,
    });
    const create = writeSpace(user._id, () => ({ change: { upsertCards: [card] }, result: undefined }));
    // A unit that writes to the database itself (as a restore does) and reads what is stored first.
    const alone = writeSpace(
      user._id,
      async () => ({
        result: await CardModel.countDocuments({ ownerId: user._id }),
      }),
      { alone: true },
    );
    release();
    await Promise.all([first, create]);
    expect((await alone).result).toBe(1);
    expect((await getSpace(user._id)).cards.has(card._id)).toBe(true);
  });

  it('creates many cards in one unit of work, in input order', async () => {
    const { user, actor } = await someone();
    const revisions = () => SpaceChangeModel.countDocuments({ ownerId: user._id });
    const before = await revisions();
    const items = Array.from({ length: 120 }, (_, i) => site(`Bulk${i}`));
    const made = await createSiteCards(actor, items);
    expect(made.map((c) => c.name)).toEqual(items.map((i) => i.name));
    const orders = made.map((c) => c.globalSortOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect((await revisions()) - before).toBe(1);
    expect(spaceState(await getSpace(user._id))).toEqual(await dbState(user._id));
  });

  it('two app instances see each other’s writes', async () => {
    const { user, actor, client } = await someone();
    await client.post('/api/site-cards', { name: 'First', siteUrl: 'https://first.example.com' });
    // Both copies hold the space: this process's read model and the built app's are two instances.
    await getSpace(user._id);
    await seenState(client);

    // The built app writes; the source copy sees it.
    const tag = (await client.post('/api/tags', { name: 'Shared' })).json.item;
    const made = (
      await client.post('/api/site-cards', { name: 'Second', url: 'https://2.example.com', tagIds: [tag.id] })
    ).json.item;
    const mine = await getSpace(user._id);
    expect(mine.cards.get(made.id)?.name).toBe('Second');
    expect(mine.membershipsByTag.get(tag.id)?.map((m) => m.cardId)).toEqual([made.id]);

    // The source writes; the built app sees it.
    await updateSiteCard(actor, SiteUpdateSchema.parse({ id: made.id, name: 'Renamed' }));
    const list = (await client.get('/api/site-cards')).json.items as { id: string; name: string }[];
    expect(list.find((c) => c.id === made.id)?.name).toBe('Renamed');

    expect(spaceState(await getSpace(user._id))).toEqual(await dbState(user._id));
    expect(await seenState(client)).toEqual(await dbSeenState(user._id));
  });

  it('a copy hundreds of revisions behind shows exactly what the database holds', async () => {
    const { user, actor, client } = await someone();
    await createSiteCard(actor, site('Start'));
    // The built app's copy holds the space; this copy then commits 300 revisions one by one.
    await seenState(client);
    for (let i = 0; i < 300; i++) await createSiteCard(actor, site(`Card${i}`));
    const seen = await seenState(client);
    expect(seen.cards).toHaveLength(301);
    expect(seen).toEqual(await dbSeenState(user._id));
  });

  it('writers in two instances interleaving on one card leave both copies right', async () => {
    const { user, actor, client } = await someone();
    const card = (await client.post('/api/site-cards', { name: 'X', siteUrl: 'https://x.example.com' })).json
      .item;
    await getSpace(user._id);
    await seenState(client);
    // FerretDB v1 loses one of two concurrent updates of one document (decisions §2): the two instances take
    // turns on the shared card, while each writes other documents at the same time as the other's turn.
    for (let i = 0; i < 4; i++) {
      await Promise.all([
        client.put('/api/site-cards', { id: card.id, name: `App ${i}` }),
        createSiteCard(actor, site(`Extra${i}`)),
      ]);
      await Promise.all([
        updateSiteCard(actor, SiteUpdateSchema.parse({ id: card.id, siteDescription: `Source ${i}` })),
        client.post('/api/site-cards', {
          name: `AppExtra${i}`,
          siteUrl: `https://app-extra-${i}.example.com`,
        }),
      ]);
    }
    const db = await dbState(user._id);
    expect(db.cards.find((c: { _id: string }) => c._id === card.id)).toMatchObject({
      name: 'App 3',
      siteDescription: 'Source 3',
    });
    expect(spaceState(await getSpace(user._id))).toEqual(db);
    expect(await seenState(client)).toEqual(await dbSeenState(user._id));
  });

  it('a wholesale write that finds another instance wrote meanwhile keeps the tags of the cards it left as they are', async () => {
    const { user, actor, client } = await someone();
    const tag = await createTag(actor, TagCreateSchema.parse({ name: 'Kept' }));
    const a = await createSiteCard(actor, site('A', { tagIds: [tag.id] }));
    const b = await createSiteCard(actor, site('B', { tagIds: [tag.id] }));
    // The built app (another instance) writes while this instance plans a wholesale write: the writer then deletes
    // the owner's documents and inserts the whole new space, B's document among them although B did not change.
    const { space } = await writeSpace(user._id, async (draft) => {
      await client.post('/api/site-cards', { name: 'Elsewhere', siteUrl: 'https://elsewhere.example.com' });
      return {
        change: { upsertCards: [{ ...draft.cards.get(a.id)!, name: 'A2' }] },
        replace: true,
        result: null,
      };
    });
    const db = await dbState(user._id);
    expect(db.memberships.map((m) => m.replace(/@\d+$/, ''))).toEqual(
      [`${tag.id}:${a.id}`, `${tag.id}:${b.id}`].sort(),
    );
    expect(db).toEqual(spaceState(space));
    expect(spaceState(await getSpace(user._id))).toEqual(db);
    expect(await seenState(client)).toEqual(await dbSeenState(user._id));
  });

  it('a read that was checking the copy while this process wrote answers the newer copy', async () => {
    const { user, actor } = await someone();
    await createSiteCard(actor, site('Old'));
    const checked = await getSpace(user._id);
    // The next read checks the copy against the database (SPACE_RECHECK_MS=0 here); while it does, the writer
    // publishes a newer one. A unit that plans on the older copy would undo what the newer one holds.
    const reading = getSpace(user._id);
    const newer = checked.toDraft();
    newer.apply({ upsertCards: [{ ...checked.cards.values().next().value!, name: 'New' }] });
    publishSpace(newer.freeze(checked.rev + 1));
    const read = await reading;
    expect(read.rev).toBe(checked.rev + 1);
    expect([...read.cards.values()].map((c) => c.name)).toEqual(['New']);
  });

  it('refuses writes past the per-user quota with 403 quota_exceeded', async () => {
    const { user: adminUser } = await admin();
    await setQuotas(actorOf(adminUser), { quotaCards: 3, quotaTags: 1 });
    const { actor, client } = await someone();
    await createSiteCards(actor, [site('Q1'), site('Q2')]);
    // All or nothing for a batch.
    await expect(createSiteCards(actor, [site('Q3'), site('Q4')])).rejects.toMatchObject({
      code: 'quota_exceeded',
    });
    expect((await client.post('/api/site-cards', { name: 'Q3', url: 'https://q3.example.com' })).status).toBe(
      200,
    );
    const over = await client.post('/api/site-cards', { name: 'Q4', url: 'https://q4.example.com' });
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({ code: 'quota_exceeded' });
    expect((await client.post('/api/tags', { name: 'T1' })).status).toBe(200);
    expect((await client.post('/api/tags', { name: 'T2' })).json).toMatchObject({ code: 'quota_exceeded' });
    expect((await client.get('/api/site-cards')).json.items).toHaveLength(3);
  });
});
