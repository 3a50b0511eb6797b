// The database side of a unit of work: turning what a group of units changed into bulk writes addressed by `_id`.
import type { Model } from 'mongoose';
import { CardModel, RelationModel, storedCard, withTags } from '../cards/card.model';
import { BULK_CHUNK, isDuplicateKeyError } from '../db';
import { logger } from '../logger';
import { TimeSlicer, mapSliced } from '../parsing/time-slice';
import { TagModel } from '../tags/tag.model';
import { env } from '../env';
import { staleness } from './space.cache';
import { SpaceModel } from './space.model';
import { diff, membershipKey, type SpaceChange, type SpaceSnapshot } from './space.snapshot';

type Doc = { _id: string } & Record<string, unknown>;

type Op = Record<string, unknown>;

/**
 * Operations that turn `before` into `after` for the given ids: inserts (as `stored` writes them), `$set` of changed
 * fields, deletes. Built a few milliseconds at a time: a wholesale change names tens of thousands of documents.
 */
async function opsFor(
  ids: Iterable<string>,
  before: (id: string) => Doc | undefined,
  after: (id: string) => Doc | undefined,
  stored: (doc: Doc) => object = (doc) => doc,
): Promise<Op[]> {
  const ops: Op[] = [];
  const slicer = new TimeSlicer();
  for (const id of ids) {
    await slicer.maybeYield();
    const a = after(id);
    const b = before(id);
    if (!a && b) ops.push({ deleteOne: { filter: { _id: id } } });
    else if (a && !b) ops.push({ insertOne: { document: stored(a) } });
    else if (a && b && a !== b) {
      const set = diff(b, a);
      if (Object.keys(set).length) ops.push({ updateOne: { filter: { _id: id }, update: { $set: set } } });
    }
  }
  return ops;
}

/** Chunks of one collection's writes in flight at once: FerretDB answers each chunk after a round trip. */
const CHUNKS_IN_FLIGHT = 4;

/** A wholesale write found documents of these ids already there (another account's): nothing of theirs changed. */
export class IdsTakenError extends Error {
  constructor(readonly ids: string[]) {
    super('a document of the new space already existed');
  }
}

/**
 * One round of bulk writes per collection (chunked); answers the ids whose insert found the document already there.
 * The documents are complete and typed already (built by the services from the snapshot: `newCardDoc` and the
 * like), so they go to the driver as they are: mongoose's casting of every inserted document was most of the
 * app's CPU in a bulk import (docs/decisions.md §50) and would only copy them.
 */
async function bulk(model: Model<any>, ops: Op[]): Promise<string[]> {
  const taken: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next; i < ops.length; i = next) {
      next += BULK_CHUNK;
      const chunk = ops.slice(i, i + BULK_CHUNK);
      try {
        await model.collection.bulkWrite(chunk as never, { ordered: false, ignoreUndefined: true });
      } catch (err) {
        const writeErrors = (err as { writeErrors?: { index: number }[] }).writeErrors;
        if (writeErrors?.length ? !writeErrors.every(isDuplicateKeyError) : !isDuplicateKeyError(err))
          throw err;
        for (const e of writeErrors ?? [{ index: -1 }])
          taken.push(
            String((chunk[e.index]?.insertOne as { document?: { _id?: string } })?.document?._id ?? ''),
          );
      }
    }
  };
  // Chunks touch distinct ids (one operation per document), so their order does not matter.
  await Promise.all(Array.from({ length: CHUNKS_IN_FLIGHT }, worker));
  return taken;
}

/**
 * A card as its document holds it (with its memberships). With `other`, for comparing the two sides only: the card
 * itself (without its memberships) when `other` holds it as it is, which `opsFor` takes for "unchanged".
 */
const cardDoc = (space: SpaceSnapshot, other?: SpaceSnapshot) => (id: string) => {
  const card = space.cards.get(id);
  const tags = space.membershipsByCard.get(id);
  if (other && card === other.cards.get(id) && tags === other.membershipsByCard.get(id))
    return card as unknown as Doc;
  return card && (withTags(card, tags) as unknown as Doc);
};
const stored = (doc: Doc) => storedCard(doc as never);
const tagDoc = (space: SpaceSnapshot) => (id: string) => space.tagsById.get(id) as Doc | undefined;
const relationDoc = (space: SpaceSnapshot) => (id: string) => space.relation(id) as Doc | undefined;

/** Writes what the group changed; returns whether the database now holds exactly the draft's documents. */
export async function writeChange(
  ownerId: string,
  base: SpaceSnapshot,
  draft: SpaceSnapshot,
  change: SpaceChange,
): Promise<boolean> {
  // A card's document holds its memberships: a membership added, moved or removed (also by deleting its tag)
  // rewrites the card's `tags`. Deleting a card also deletes the relations from and to it, named or not.
  const ids = async <T>(upserts: T[] = [], id: (x: T) => string, deletes: string[] = []) =>
    new Set([...(await mapSliced(upserts, id)), ...deletes]);
  const cards = await ids(change.upsertCards, (c) => c._id, change.deleteCards);
  for (const key of await ids(change.upsertMemberships, membershipKey, change.deleteMemberships))
    cards.add(key.slice(key.indexOf(':') + 1));
  for (const id of change.deleteTags ?? [])
    for (const m of base.membershipsByTag.get(id) ?? []) cards.add(m.cardId);
  const tags = await ids(change.upsertTags, (t) => t._id, change.deleteTags);
  const relations = await ids(change.upsertRelations, (r) => r._id, change.deleteRelations);
  const goneCards = new Set(change.deleteCards ?? []);
  if (goneCards.size)
    for (const r of base.relations())
      if (goneCards.has(r.sourceId) || goneCards.has(r.targetId)) relations.add(r._id);
  const results = await Promise.all([
    bulk(CardModel, await opsFor(cards, cardDoc(base, draft), cardDoc(draft, base), stored)),
    bulk(TagModel, await opsFor(tags, tagDoc(base), tagDoc(draft))),
    bulk(RelationModel, await opsFor(relations, relationDoc(base), relationDoc(draft))),
    Object.keys(change.virtualOrder ?? {}).length
      ? SpaceModel.updateOne(
          { _id: ownerId },
          {
            $set: Object.fromEntries(
              Object.entries(change.virtualOrder!).map(([k, v]) => [`virtualOrder.${k}`, v]),
            ),
          },
          { upsert: true },
        ).then(() => true)
      : true,
  ]);
  return results.every((r) => r === true || (Array.isArray(r) && !r.length));
}

/**
 * Writes a whole space in place of what the owner has (clear, reset, clean and overwrite imports). Per collection:
 * when none of the owner's documents stays (a clear, a reset to new ids) or the base may not be what the database
 * holds (another instance wrote the space after it), one delete by owner and the new documents inserted in chunks;
 * otherwise only the difference, as `writeChange` writes it: a document the new space keeps unchanged (an import of
 * the owner's own archive) is not written at all. Interrupted, the owner holds part of the new space; the automatic
 * snapshot taken before such an operation brings the old one back.
 */
export async function replaceRows(ownerId: string, base: SpaceSnapshot, space: SpaceSnapshot): Promise<void> {
  const current = env().SINGLE_INSTANCE || !(await staleness(base));
  // `doc(space, other)` compares the two sides (see cardDoc); `doc(space)` is the whole document to insert.
  type Docs = (space: SpaceSnapshot, other?: SpaceSnapshot) => (id: string) => Doc | undefined;
  const plan = async (
    model: Model<any>,
    before: Iterable<string>,
    after: Iterable<string>,
    doc: Docs,
    store?: (doc: Doc) => object,
  ) => {
    const had = [...before];
    const next = new Set(after);
    const kept = current && had.some((id) => next.has(id));
    // Built before anything is deleted: the owner's documents are gone only while the database works.
    const ops = kept
      ? await opsFor(new Set([...had, ...next]), doc(base, space), doc(space, base), store)
      : await opsFor(next, () => undefined, doc(space), store);
    return { model, ops, wipe: !kept && (had.length > 0 || !current) };
  };
  const relationIds = (s: SpaceSnapshot) => [...s.relations()].map((r) => r._id);
  const writes = [
    await plan(TagModel, base.tagsById.keys(), space.tagsById.keys(), tagDoc),
    await plan(CardModel, base.cards.keys(), space.cards.keys(), cardDoc, stored),
    await plan(RelationModel, relationIds(base), relationIds(space), relationDoc),
  ];
  logger.debug('space', 'replacing', {
    ownerId,
    writes: Object.fromEntries(writes.map((w) => [w.model.modelName, { wipe: w.wipe, ops: w.ops.length }])),
  });
  await Promise.all(writes.map((w) => (w.wipe ? w.model.deleteMany({ ownerId }) : null)));
  const taken = await Promise.all([
    ...writes.map((w) => bulk(w.model, w.ops)),
    SpaceModel.updateOne(
      { _id: ownerId },
      { $set: { virtualOrder: space.virtualOrder } },
      { upsert: true },
    ).then(() => []),
  ]);
  if (taken.flat().length) throw new IdsTakenError(taken.flat());
}
