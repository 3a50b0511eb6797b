// Helpers for tests of the read model: compare what the API shows with what the database holds.
import { loadSpaceFromDb, type SpaceSnapshot } from '#server/spaces/space.cache';
import { membershipKey } from '#server/spaces/space.snapshot';
import type { Client } from './setup/client';

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

/** The database's state of a space. */
export async function dbState(ownerId: string) {
  return spaceState(await loadSpaceFromDb(ownerId));
}

/** What a user's API client is shown of their space: card ids and names, tag ids and names, memberships. */
export async function seenState(client: Client) {
  const [cards, tags] = await Promise.all([client.get('/api/site-cards'), client.get('/api/tags')]);
  if (cards.status !== 200 || tags.status !== 200)
    throw new Error(`listing failed: ${cards.status} ${tags.status}`);
  type CardItem = { id: string; name: string; tags: { id: string; sortOrder: number }[] };
  const items = cards.json.items as CardItem[];
  return {
    cards: items.map((c) => `${c.id} ${c.name}`).sort(),
    tags: (tags.json.items as { id: string; name: string }[]).map((t) => `${t.id} ${t.name}`).sort(),
    memberships: items.flatMap((c) => c.tags.map((t) => `${t.id}:${c.id}@${t.sortOrder}`)).sort(),
  };
}

/** The same view of a space, from the database. */
export async function dbSeenState(ownerId: string) {
  const space = await loadSpaceFromDb(ownerId);
  return {
    cards: [...space.cards.values()].map((c) => `${c._id} ${c.name}`).sort(),
    tags: space.tags.map((t) => `${t._id} ${t.name}`).sort(),
    memberships: [...space.membershipsByCard.values()]
      .flat()
      .map((m) => `${membershipKey(m)}@${m.order}`)
      .sort(),
  };
}
