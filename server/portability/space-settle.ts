// After a wholesale write of a space (clear, reset, a clean or overwrite import; also from the configuration
// archive), the database must hold exactly what the written space holds. The unit of work deletes and inserts by the
// `_id`s the cached copy names; a document it does not know (written behind the cache's back, or a delete the
// database reported but did not apply: docs/decisions.md §45) would otherwise survive and reappear at the next full
// load. This is the one place that checks: it reads the owner's ids from the database, deletes those the space does
// not name, and makes every copy reload.
import { CardModel, CardTagModel, RelationModel } from '../cards/card.model';
import { logger } from '../logger';
import { membershipKey, type SpaceSnapshot } from '../spaces/space.snapshot';
import { writeSpace } from '../spaces/space.write';
import { TagModel } from '../tags/tag.model';

interface IdModel {
  find(filter: object): { select(p: object): { lean<T>(): PromiseLike<T> } };
  deleteMany(filter: object): PromiseLike<unknown>;
}

/** Each collection of a space with the `_id`s the cached copy names in it. */
function namedIds(space: SpaceSnapshot): [string, IdModel, Set<string>][] {
  return [
    ['cards', CardModel as unknown as IdModel, new Set(space.cards.keys())],
    ['tags', TagModel as unknown as IdModel, new Set(space.tags.map((t) => t._id))],
    [
      'card_tags',
      CardTagModel as unknown as IdModel,
      new Set([...space.membershipsByCard.values()].flat().map(membershipKey)),
    ],
    [
      'card_relations',
      RelationModel as unknown as IdModel,
      new Set([...space.relations()].map((r) => r._id)),
    ],
  ];
}

/**
 * Deletes the owner's stored documents that `written` (the space the wholesale unit of work produced) does not name,
 * as one unit of work of that space (so this process's writes to it wait); if there were any, every copy reloads.
 * Compared with what was written, not with the current copy: when the wholesale commit made the copies reload, the
 * reloaded copy holds the very leftovers this is here to remove. Call it right after the wholesale unit resolves
 * (no await in between), so that it runs before any unit queued after that one. Returns how many were deleted.
 */
export async function removeLeftovers(
  ownerId: string,
  after: string,
  written: SpaceSnapshot,
): Promise<number> {
  const { result } = await writeSpace(
    ownerId,
    async () => {
      let removed = 0;
      const found: Record<string, number> = {};
      // The four scans at once: on FerretDB v1 each reads the whole collection (decisions §24).
      const collections = namedIds(written);
      const stored = await Promise.all(
        collections.map(([, model]) => model.find({ ownerId }).select({ _id: 1 }).lean<{ _id: string }[]>()),
      );
      for (const [i, [name, model, named]] of collections.entries()) {
        const extra = stored[i]!.map((d) => d._id).filter((id) => !named.has(id));
        if (!extra.length) continue;
        await model.deleteMany({ ownerId, _id: { $in: extra } });
        found[name] = extra.length;
        removed += extra.length;
      }
      if (!removed) return { result: 0 };
      logger.warn('data', `${after} left documents the space does not name; deleted by owner`, {
        ownerId,
        ...found,
      });
      return { result: removed, written: 'reload' as const };
    },
    // Next, before the units that were queued meanwhile: a later clean import or clear planned on `written` and
    // may have replaced its documents, which this check would then delete as leftovers.
    { alone: true, first: true },
  );
  return result;
}
