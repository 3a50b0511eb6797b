// A database written before memberships moved into their cards (docs/decisions.md §59): its `cardtags` rows are
// folded into the cards once, and the space then shows the same tags, in the same order, through the API.
import mongoose from 'mongoose';
import { beforeEach, describe, expect, it } from 'vitest';
import { CardModel } from '#server/cards/card.model';
import { foldLegacyMemberships } from '#server/cards/legacy-memberships';
import { commitReload } from '#server/spaces/space.write';
import { dbSeenState, seenState } from '../read-model-helpers';
import { resetDatabase } from '../setup/db';
import { owner, populate } from './zip-helpers';

beforeEach(resetDatabase);

/** Rewrites the owner's space into the old layout: cards without `tags`, one `cardtags` row per membership. */
async function toOldLayout(ownerId: string): Promise<number> {
  const cards = await CardModel.collection.find({ ownerId }).toArray();
  const rows = cards.flatMap((c) =>
    ((c.tags as { tagId: string; order: number }[] | undefined) ?? []).map((t) => ({
      _id: `${t.tagId}:${String(c._id)}`,
      ownerId,
      tagId: t.tagId,
      cardId: String(c._id),
      order: t.order,
    })),
  );
  await CardModel.collection.updateMany({ ownerId }, { $unset: { tags: '' } });
  await mongoose.connection.db!.collection('cardtags').insertMany(rows as never[]);
  return rows.length;
}

describe('membership documents of the old layout', () => {
  it('are folded into their cards once, and the API shows the same tags and orders', async () => {
    const { user, c } = await owner();
    await populate(c); // cards in one tag and in two
    const before = await seenState(c);
    expect(before.memberships.length).toBeGreaterThan(1);

    expect(await toOldLayout(user._id)).toBe(before.memberships.length);
    const withTags = await CardModel.collection
      .find({ ownerId: user._id, tags: { $exists: true } })
      .toArray();
    expect(withTags).toEqual([]);

    await foldLegacyMemberships();
    await foldLegacyMemberships(); // a second run (after a crash, say) finds nothing to do
    const left = await mongoose.connection.db!.listCollections({ name: 'cardtags' }).toArray();
    expect(left).toEqual([]);
    await commitReload(user._id);
    expect(await dbSeenState(user._id)).toEqual(before);
    expect(await seenState(c)).toEqual(before);
  });
});
