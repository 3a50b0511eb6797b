import type { Page } from '@playwright/test';
import { expect, jsEnabled, reviewPage, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

async function tagNames(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/tags');
  expect(res.status()).toBe(200);
  return ((await res.json()).items as { name: string }[]).map((t) => t.name);
}

const toast = (page: Page) => page.locator('[data-toast]');

test('version history: take a snapshot, change data, restore it; rename and delete', async ({
  page,
  context,
}, info) => {
  test.slow();
  const probe = `History probe ${jsEnabled(info) ? 'js' : 'nojs'}`;
  await signInAs(context, info);
  await page.goto('/');
  await page.locator('summary.user-chip').click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Version history' })
    .click();
  await expect(page.getByRole('heading', { name: 'Version history', level: 1 })).toBeVisible();
  await waitForHydration(page, info);

  // Take a snapshot with a label.
  await page.getByLabel('Label (optional)').fill('e2e base');
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await expect(toast(page)).toContainText('Snapshot “e2e base” saved.');
  await expect(page.locator('.snapshot-label', { hasText: 'e2e base' })).toBeVisible();
  // Again without changes: skipped.
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await expect(toast(page)).toContainText('Nothing changed since the last snapshot');

  // Change the data: a new tag.
  await page.goto('/edit/tags/new');
  await waitForHydration(page, info);
  await page.getByLabel('Name').fill(probe);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page)).toBeVisible();
  expect(await tagNames(page)).toContain(probe);

  // Restore, with a confirmation step.
  await page.goto('/settings/history');
  await waitForHydration(page, info);
  await reviewPage(page, info, 'history');
  await page.getByRole('link', { name: 'Restore e2e base…' }).click();
  await expect(page.getByRole('heading', { name: 'Restore “e2e base”?' })).toBeVisible();
  await reviewPage(page, info, 'history-confirm');
  await page.getByRole('button', { name: 'Restore this snapshot' }).click();
  // A restore snapshots the space first and checks what it wrote afterwards: owner scans that take seconds on
  // the embedded database once the journeys before this one have stored 10,000 cards.
  await expect(toast(page)).toContainText('Snapshot restored.', { timeout: 60_000 });
  expect(await tagNames(page)).not.toContain(probe);
  // The state before the restore was saved automatically, so the restore can be undone.
  await expect(page.locator('.snapshot-item .badge', { hasText: 'automatic' }).first()).toBeVisible();

  // Rename, then delete.
  const item = page.locator('.snapshot-item', {
    has: page.locator('.snapshot-label', { hasText: 'e2e base' }),
  });
  await item.getByText('Rename').click();
  await item.getByLabel('New label').fill('e2e renamed');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page)).toContainText('Snapshot renamed to “e2e renamed”.');
  // Deleting cannot be undone: a confirm step first.
  await page.getByRole('link', { name: 'Delete e2e renamed…' }).click();
  await expect(page.getByRole('heading', { name: 'Delete the snapshot “e2e renamed”?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete this snapshot' }).click();
  await expect(toast(page)).toContainText('Snapshot deleted.');
  await expect(page.locator('.snapshot-label', { hasText: 'e2e renamed' })).toHaveCount(0);
});
