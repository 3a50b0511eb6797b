import type { Page } from '@playwright/test';
import { expect, reviewPage, screenshot, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

/**
 * Ticks a confirmation box once the page has settled (the previous action's reload re-renders the forms), and
 * makes sure it is ticked: a required box left empty stops the submit without a word to the test.
 */
async function confirm(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const box = page.getByLabel(label);
  await box.check();
  await expect(box).toBeChecked();
}

test('a user exports their data, clears it, imports it back, and resets it (then restores it)', async ({
  page,
  context,
}, info) => {
  // Clear, reset and clean import each delete by owner and insert the new space (decisions §45), each taking a
  // snapshot first: seconds each for the starter data of this file's instance, more on a busy machine.
  test.setTimeout(300_000);
  await signInAs(context, info);
  await page.goto('/');
  await page.locator('summary.user-chip').click();
  await page.getByRole('link', { name: 'Data' }).click();
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  await waitForHydration(page, info);
  const summary = page.getByText(/^You have \d+ cards and \d+ tags\.$/);
  const before = await summary.textContent();

  await reviewPage(page, info, 'data');

  // export everything
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sakura-\w+-\d{8}-\d{6}\.zip$/);
  const file = info.outputPath('export.zip');
  await download.saveAs(file);

  // clear (needs the confirmation); the clear takes a snapshot first, which may take a while on a busy machine
  await confirm(page, 'Yes, remove all my tags and cards');
  await page.getByRole('button', { name: 'Clear my data' }).click();
  await expect(page.getByText('All your tags and cards were removed.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('You have 0 cards and 0 tags.')).toBeVisible();

  // import: check the file, see what it holds, confirm
  await waitForHydration(page, info);
  await page.getByLabel('Archive', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(/^\d+ cards, \d+ tags and \d+ files\.$/)).toBeVisible();
  await screenshot(page, info, 'data-import-confirm');
  await confirm(page, 'I understand this changes my dashboard');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^Imported: \d+ cards and \d+ tags\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(summary).toHaveText(before!);

  // reset to the starter data, then put the exported data back
  await confirm(page, 'Yes, replace my tags and cards');
  await page.getByRole('button', { name: 'Reset my data' }).click();
  await expect(page.getByText('Your dashboard was reset to the starter data.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('You have 12 cards and 3 tags.')).toBeVisible();
  await waitForHydration(page, info);
  await page.getByLabel('Archive', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await confirm(page, 'I understand this changes my dashboard');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(summary).toHaveText(before!, { timeout: 60_000 });
});

test('a file that is not a data archive is refused with a message', async ({ page, context }, info) => {
  await signInAs(context, info);
  await page.goto('/settings/data');
  await waitForHydration(page, info);
  await page
    .getByLabel('Archive', { exact: true })
    .setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('alert')).toContainText('not a data archive of this service or of SakuraNav');
});
