// Helpers for tests of the read model: compare a cached copy of a space with what the database holds.
import {
  loadSpaceFromDb,
  spaceCacheCopies,
  spaceStats,
  type SpaceSnapshot,
} from '#server/spaces/space.cache';
import { membershipKey } from '#server/spaces/space.snapshot';

/** A space as plain, comparable data (dates as ISO strings, everything sorted by id). */
export function spaceState(space: SpaceSnapshot) {
  const plain = (v: unknown) => JSON.parse(JSON.stringify(v));
  const byId = <T extends { _id: string }>(list: Iterable<T>) =>
    [...list].sort((a, b) => (a._id < b._id ? -1 : 1)).map(plain);
  return {
    cards: byId(space.cards.values()),
    tags: byId(space.tags),
    memberships: [...space.membershipsByCard.values()]
      .flat()
      .map((m) => `${membershipKey(m)}@${m.order}`)
      .sort(),
    relations: byId(space.relations()),
    virtualOrder: plain(space.virtualOrder),
  };
}

/** The copy of the read model that the built app (serving the HTTP tests) uses. */
export function appCopy() {
  const copy = spaceCacheCopies().find((c) => c.stats !== spaceStats);
  if (!copy) throw new Error('the built app has not been loaded yet');
  return copy;
}

/** Waits until a cached copy would check the database again. */
export const afterRecheck = () => new Promise((r) => setTimeout(r, 300));

/** The database's state of a space. */
export async function dbState(ownerId: string) {
  return spaceState(await loadSpaceFromDb(ownerId));
}
