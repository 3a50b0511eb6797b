import path from 'node:path';
import { expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

const CHROME = path.resolve(import.meta.dirname, '../fixtures/bookmarks/chrome.html');

test('a user imports a Chrome bookmarks file through the preview and exports it again', async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, info);
  await page.goto('/');
  await page.locator('summary.user-chip').click();
  await page.getByRole('link', { name: 'Bookmarks' }).click();
  await expect(page.getByRole('heading', { name: 'Import browser bookmarks' })).toBeVisible();
  await waitForHydration(page, info);

  await page.getByLabel('Bookmark file').setInputFiles(CHROME);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Check the bookmarks' })).toBeVisible();
  // GitHub is in the file twice: one row. It is a starter card already: unticked.
  await expect(page.getByText('7 bookmarks found. 1 duplicate is unticked. 2 links')).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'bookmarks-preview');

  // Drop Hacker News too, and put everything in a new tag as well.
  const list = page.getByRole('group', { name: 'Bookmarks to import' });
  const duplicates = list.getByRole('checkbox', { name: /already a card/ });
  await expect(duplicates).toHaveCount(1);
  for (const box of await duplicates.all()) await expect(box).not.toBeChecked();
  await list.getByRole('checkbox', { name: /Hacker News/ }).uncheck();
  await page.getByLabel('and in a new tag').fill('Imported');
  await page.getByRole('button', { name: 'Import the ticked bookmarks' }).click();
  // The duplicate and Hacker News were unticked: two skipped.
  await expect(page.getByText('Imported 5 bookmarks (2 skipped).')).toBeVisible();

  const cards = (await (await page.request.get('/api/site-cards')).json()).items as {
    name: string;
    tags: { name: string }[];
  }[];
  const tagsOf = (name: string) =>
    cards
      .find((c) => c.name === name)
      ?.tags.map((t) => t.name)
      .sort();
  // A nested folder is one tag named by its path.
  expect(tagsOf('Node.js – Docs')).toEqual(['Dev / Node & Deno', 'Imported']);
  expect(tagsOf('MDN Web Docs')).toEqual(['Dev', 'Imported']);
  expect(tagsOf('Hacker News')).toBeUndefined();
  expect(tagsOf('GitHub again')).toBeUndefined();

  await page.goto('/bookmarks');
  const download = await page.request.get('/api/site-cards/export');
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="bookmarks-\d{8}\.html"$/);
  expect(await download.text()).toContain('<H3 ADD_DATE="');
  await expect(page.getByRole('link', { name: 'Download bookmarks (HTML)' })).toHaveAttribute(
    'href',
    '/api/site-cards/export',
  );
});
