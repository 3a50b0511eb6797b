// Where a space's newest revision is: its space document (a lower bound) and the change records after it, each
// found by `_id` (docs/decisions.md "Writing a data space").
import { SpaceChangeModel, changeId, type SpaceChangeDoc } from './space-change.model';
import { SpaceModel, type SpaceDoc } from './space.model';

/** The space's revision as last written to its space document (a lower bound of the newest change record). */
export async function readHint(ownerId: string): Promise<SpaceDoc | null> {
  return SpaceModel.findById(ownerId).lean<SpaceDoc>();
}

export function findRecord(ownerId: string, rev: number): Promise<SpaceChangeDoc | null> {
  return SpaceChangeModel.findById(changeId(ownerId, rev)).lean<SpaceChangeDoc>();
}

/** The newest revision: the space document's, then forward along the change records. */
export async function headRev(ownerId: string): Promise<number> {
  let rev = (await readHint(ownerId))?.rev ?? 0;
  while (await findRecord(ownerId, rev + 1)) rev++;
  return rev;
}
