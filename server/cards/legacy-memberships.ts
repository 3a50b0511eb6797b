// Until 2026-11-27 a card's tag memberships were documents of their own (collection `cardtags`, `_id`
// `<tagId>:<cardId>`); now the card's document holds them (`tags`, card.model.ts). A database written before is
// folded once, before the first space loads: each card gets the list its rows name, then the collection is dropped.
// Re-running after a crash sets the same lists again, so the fold is idempotent (docs/decisions.md §59).
import mongoose from 'mongoose';
import { BULK_CHUNK, connectDb } from '../db';
import { logger } from '../logger';
import { CardModel, type StoredTagRef } from './card.model';

interface LegacyRow {
  _id: string;
  tagId: string;
  cardId: string;
  order: number;
}

/** Moves membership documents of the old layout into their cards and drops their collection. */
export async function foldLegacyMemberships(): Promise<void> {
  await connectDb();
  const legacy = mongoose.connection.db!.collection<LegacyRow>('cardtags');
  if (!(await legacy.findOne({}, { projection: { _id: 1 } }))) return;
  const started = Date.now();
  const byCard = new Map<string, StoredTagRef[]>();
  for await (const row of legacy.find({})) {
    const refs = byCard.get(row.cardId) ?? [];
    refs.push({ tagId: row.tagId, order: row.order });
    byCard.set(row.cardId, refs);
  }
  const ops = [...byCard].map(([cardId, tags]) => ({
    updateOne: { filter: { _id: cardId }, update: { $set: { tags } } },
  }));
  for (let i = 0; i < ops.length; i += BULK_CHUNK)
    await CardModel.collection.bulkWrite(ops.slice(i, i + BULK_CHUNK) as never, { ordered: false });
  await legacy.drop();
  logger.info('cards', 'tag memberships moved into their cards', {
    cards: byCard.size,
    ms: Date.now() - started,
  });
}

let folding: Promise<void> | undefined;

/** Resolves once no membership documents of the old layout are left (the first call folds them). */
export function legacyMembershipsFolded(): Promise<void> {
  folding ??= foldLegacyMemberships().catch((err: unknown) => {
    folding = undefined;
    throw err;
  });
  return folding;
}
