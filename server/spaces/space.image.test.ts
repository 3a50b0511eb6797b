// Cold spaces from their image: the same space as a full load, caught up when the image is behind, and never
// used when it cannot be trusted (records swept, the space rewritten or wiped, another user's image).
import { beforeEach, describe, expect, it } from 'vitest';
import { actorOf, createUser } from '../../tests/factories';
import { dbState, spaceState } from '../../tests/read-model-helpers';
import { resetDatabase } from '../../tests/setup/db';
import { CardModel } from '../cards/card.model';
import { newCardDoc } from '../cards/card.defaults';
import { SiteCreateSchema, SiteUpdateSchema } from '../cards/card.schema';
import { createSiteCard, updateSiteCard } from '../cards/site-card.service';
import { getObject, putObject, storageKeys } from '../storage';
import { TagCreateSchema } from '../tags/tag.schema';
import { createTag } from '../tags/tag.service';
import { sweepSpaceChanges } from './space-change.sweep';
import { forgetSpace, getSpace, spaceStats } from './space.cache';
import { flushSpaceImages, forgetSpaceImages, imageStats } from './space.image';
import { deleteSpace } from './space.service';
import { commitReload } from './space.write';

const site = (name: string, extra: Record<string, unknown> = {}) =>
  SiteCreateSchema.parse({ name, siteUrl: `https://${name.toLowerCase()}.example.com`, ...extra });

/** A user with a tag and three cards (one in the tag), written through the units of work. */
async function someoneWithCards(id?: string) {
  const user = await createUser(id ? { id } : {});
  const actor = actorOf(user);
  const tag = await createTag(actor, TagCreateSchema.parse({ name: 'Work' }));
  const cards = [];
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    cards.push(await createSiteCard(actor, site(name, name === 'Beta' ? { tagIds: [tag.id] } : {})));
  await updateSiteCard(actor, SiteUpdateSchema.parse({ id: cards[0]!.id, siteDescription: 'first' }));
  return { user, actor, ownerId: user._id, cards, tag };
}

/** Counters around a cold read of a space (nothing cached, nothing scheduled). */
async function coldRead(ownerId: string) {
  forgetSpaceImages();
  forgetSpace(ownerId);
  const before = { loads: spaceStats.loads, fromImage: spaceStats.fromImage, catchUps: spaceStats.catchUps };
  const space = await getSpace(ownerId);
  return {
    space,
    loads: spaceStats.loads - before.loads,
    fromImage: spaceStats.fromImage - before.fromImage,
    catchUps: spaceStats.catchUps - before.catchUps,
  };
}

describe('space images', () => {
  beforeEach(resetDatabase);

  it('a cold space comes from its image and equals a full load, dates included', async () => {
    const { ownerId } = await someoneWithCards();
    const written = imageStats.written;
    await flushSpaceImages();
    expect(imageStats.written - written).toBe(1);
    const cold = await coldRead(ownerId);
    expect(cold).toMatchObject({ loads: 0, fromImage: 1, catchUps: 0 });
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
    const card = [...cold.space.cards.values()][0]!;
    expect(card.createdAt).toBeInstanceOf(Date);
    expect(card.updatedAt).toBeInstanceOf(Date);
    expect(cold.space.tags[0]!.createdAt).toBeInstanceOf(Date);
    expect(cold.space.membershipsByTag.size).toBe(1);
  });

  it('a space of several encoding slices comes back whole from its image', async () => {
    const { ownerId } = await someoneWithCards();
    // 1,203 cards: the image is written a slice of cards at a time (500 a slice).
    await CardModel.insertMany(
      Array.from({ length: 1200 }, (_, i) =>
        newCardDoc({
          _id: `site-bulk-${i}`,
          ownerId,
          name: `Bulk ${i} "quoted", é`,
          siteUrl: `https://bulk${i}.example.com`,
          globalSortOrder: 100 + i,
        }),
      ),
    );
    await commitReload(ownerId);
    await getSpace(ownerId);
    const written = imageStats.written;
    await flushSpaceImages();
    expect(imageStats.written - written).toBe(1);
    const cold = await coldRead(ownerId);
    expect(cold).toMatchObject({ loads: 0, fromImage: 1 });
    expect(cold.space.cards.size).toBe(1203);
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
  });

  it('an image behind the space catches up from the change records', async () => {
    const { ownerId, actor, cards } = await someoneWithCards();
    await flushSpaceImages();
    await createSiteCard(actor, site('Delta'));
    await updateSiteCard(actor, SiteUpdateSchema.parse({ id: cards[1]!.id, name: 'Beta renamed' }));
    const cold = await coldRead(ownerId);
    expect(cold).toMatchObject({ loads: 0, fromImage: 1, catchUps: 1 });
    const db = await dbState(ownerId);
    expect(spaceState(cold.space)).toEqual(db);
    expect(db.cards.map((c: { name: string }) => c.name).sort()).toEqual([
      'Alpha',
      'Beta renamed',
      'Delta',
      'Gamma',
    ]);
  });

  it('falls back to a full load when the records after the image were swept', async () => {
    const { ownerId, actor } = await someoneWithCards();
    await flushSpaceImages();
    await createSiteCard(actor, site('Delta'));
    await createSiteCard(actor, site('Epsilon'));
    // As the sweep does two minutes later: every record but the newest goes, the revision is raised to it.
    expect(await sweepSpaceChanges(Date.now() + 10 * 60 * 1000)).toBeGreaterThan(0);
    const cold = await coldRead(ownerId);
    expect(cold).toMatchObject({ loads: 1, fromImage: 0 });
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
    expect(cold.space.size).toBe(5);
  });

  it('falls back to a full load after a wholesale rewrite, and writes a fresh image', async () => {
    const { ownerId } = await someoneWithCards();
    await flushSpaceImages();
    // Written outside the units of work (as a restore or a bulk tool does), then committed as a rewrite.
    await CardModel.insertMany([
      newCardDoc({
        _id: 'site-rewritten',
        ownerId,
        name: 'Rewritten',
        siteUrl: 'https://r.example.com',
        globalSortOrder: 99,
      }),
    ]);
    await commitReload(ownerId);
    let cold = await coldRead(ownerId);
    // The image is still an image of this space, but the record after it says "reload".
    expect(cold).toMatchObject({ loads: 1, catchUps: 0 });
    expect(cold.space.cards.has('site-rewritten')).toBe(true);
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
    // The full load scheduled an image of what it read: the next cold read uses it.
    const written = imageStats.written;
    await flushSpaceImages();
    expect(imageStats.written - written).toBe(1);
    cold = await coldRead(ownerId);
    expect(cold).toMatchObject({ loads: 0, fromImage: 1 });
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
  });

  it('a deleted space loses its image and reads empty', async () => {
    const { ownerId } = await someoneWithCards();
    await flushSpaceImages();
    await deleteSpace(ownerId);
    expect(await getObject(storageKeys.spaceImage(ownerId))).toBeNull();
    const cold = await coldRead(ownerId);
    expect(cold.space.size).toBe(0);
    expect(spaceState(cold.space)).toEqual(await dbState(ownerId));
  });

  it('never uses an image of a wiped space whose revisions were written again', async () => {
    const first = await someoneWithCards('user-image-reused');
    await flushSpaceImages();
    const imageRev = (await getSpace(first.ownerId)).rev;
    // The database is emptied (records deleted, revisions bumped) and the same owner writes other data up to and
    // past the image's revision: the revision numbers match, the records are not the same.
    await resetDatabase();
    const again = await createUser({ id: 'user-image-reused' });
    const actor = actorOf(again);
    for (let i = 0; (await getSpace(again._id)).rev <= imageRev; i++)
      await createSiteCard(actor, site(`New${i}`));
    const refused = imageStats.refused;
    const cold = await coldRead(again._id);
    expect(imageStats.refused - refused).toBe(1);
    expect(cold).toMatchObject({ loads: 1, fromImage: 0 });
    expect([...cold.space.cards.values()].some((c) => c.name === 'Alpha')).toBe(false);
    expect(spaceState(cold.space)).toEqual(await dbState(again._id));
  });

  it("never uses another user's image", async () => {
    const a = await someoneWithCards();
    const b = await someoneWithCards();
    await flushSpaceImages();
    // B's image replaced by A's (same revision numbers: both wrote the same number of commits).
    const object = await getObject(storageKeys.spaceImage(a.ownerId));
    const bytes = Buffer.from(await new Response(object!.body).arrayBuffer());
    await putObject(storageKeys.spaceImage(b.ownerId), bytes, { contentType: 'application/gzip' });
    const cold = await coldRead(b.ownerId);
    expect(cold).toMatchObject({ loads: 1, fromImage: 0 });
    expect(spaceState(cold.space)).toEqual(await dbState(b.ownerId));
    expect([...cold.space.cards.values()].every((c) => c.ownerId === b.ownerId)).toBe(true);
  });
});
