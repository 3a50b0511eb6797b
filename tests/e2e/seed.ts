// Bulk test data for journeys that need many cards: inserted straight into the project's database (as the
// benchmarks do), then the owner's space is marked for reload so the app server sees it.
import type { TestInfo } from '@playwright/test';
import { connectProjectDb } from './fixtures';

/** A new user owning `count` site cards named "Card 00000"…; returns the user's id. */
export async function seedCards(info: TestInfo, count: number): Promise<string> {
  const { newCardDoc } = await import('../../server/cards/card.defaults');
  const { insertCards } = await import('../../server/cards/card.model');
  const { commitReload } = await import('../../server/spaces/space.write');
  const { newUserDoc } = await import('../../server/users/new-user');
  const { UserModel } = await import('../../server/users/user.model');
  await connectProjectDb(info);
  const id = `user-pager-${Date.now()}`;
  await UserModel.create(
    await newUserDoc({ id, username: `pager${Date.now() % 100000}`, password: 'Secret123', role: 'user' }),
  );
  const cards = Array.from({ length: count }, (_, i) =>
    newCardDoc({
      _id: `${id}-card-${i}`,
      ownerId: id,
      name: `Card ${String(i).padStart(5, '0')}`,
      siteUrl: `https://card${i}.example.com`,
      siteDescription: `Card number ${i}`,
      globalSortOrder: i,
    }),
  );
  await insertCards(cards);
  await commitReload(id);
  return id;
}
