// Opt-in (npm run test:heavy): the paging journey of 05-everyday at scale, 10,000 cards seeded into the owner's
// space (~1-2 minutes of seeding and paging per project on the shared 2-core machine).
import { test } from './fixtures';
import { pagingJourney } from './paging';

test('paging forward and back through 10,000 cards', async ({ page, context }, info) => {
  test.setTimeout(300_000);
  await pagingJourney(page, context, info, 10_000);
});
