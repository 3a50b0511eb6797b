// Where a space's newest revision is: its change records, found by `_id` or by owner (docs/decisions.md §23).
import { SpaceChangeModel, changeId, type SpaceChangeDoc } from './space-change.model';

export function findRecord(ownerId: string, rev: number): Promise<SpaceChangeDoc | null> {
  return SpaceChangeModel.findById(changeId(ownerId, rev)).lean<SpaceChangeDoc>();
}

/** The space's newest record (null for a space never written). */
export async function newestRecord(ownerId: string): Promise<SpaceChangeDoc | null> {
  const [newest] = await SpaceChangeModel.find({ ownerId })
    .sort({ rev: -1 })
    .limit(1)
    .lean<SpaceChangeDoc[]>();
  return newest ?? null;
}
