// Moving from another dashboard: a Dashy configuration through the bookmark import's preview, with and without
// JavaScript, the folder path choice, then Undo; a Homepage file in Chinese for the review screenshots.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openPage, reviewPage, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

const fixture = (name: string) => path.resolve(import.meta.dirname, `../fixtures/dashboards/${name}`);

async function tagsOf(page: Page) {
  const cards = (await (await page.request.get('/api/site-cards')).json()).items as {
    name: string;
    tags: { name: string }[];
  }[];
  return Object.fromEntries(cards.map((c) => [c.name, c.tags.map((t) => t.name).sort()]));
}

test('a user brings a Dashy configuration over: preview, tags from sections, undo', async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, info);
  await openPage(page, info, '/bookmarks');
  await expect(page.getByText('Moving from another dashboard?')).toBeVisible();

  await page.getByLabel('Bookmark file').setInputFiles(fixture('dashy-conf.yml'));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Check the bookmarks' })).toBeVisible();
  await expect(page.getByText('Read as: a Dashy configuration.')).toBeVisible();
  // Nextcloud is in two sections: one row. The relative "/notes" is not a web address.
  await expect(page.getByText('5 bookmarks found. 1 link that is not a web address')).toBeVisible();
  await waitForHydration(page, info);
  const list = page.getByRole('group', { name: 'Bookmarks to import' });
  await expect(list.getByText('Media / Arr stack')).toHaveCount(2);
  await reviewPage(page, info, 'dashboard-import-preview');

  // Tags named by the folder alone this time.
  const keepPath = page.getByLabel('Keep the folder path in the tag name');
  await expect(keepPath).toBeChecked();
  await keepPath.uncheck();
  await page.getByRole('button', { name: 'Import the ticked bookmarks' }).click();
  await expect(page.getByText('Imported 5 bookmarks (0 skipped).')).toBeVisible();

  const tags = await tagsOf(page);
  expect(tags.Sonarr).toEqual(['Arr stack']);
  expect(tags.Nextcloud).toEqual(['Productivity', 'Shortcuts', 'files', 'self-hosted']);

  // Undo: the automatic snapshot taken before the import.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(async () => Object.keys(await tagsOf(page)).filter((n) => n === 'Sonarr' || n === 'Bitwarden'))
    .toEqual([]);
});

test('a Homepage services.yaml in Chinese, keeping the folder path', async ({ page, context }, info) => {
  await signInAs(context, info);
  await openPage(page, info, '/bookmarks');
  const menu = page.locator('details.prefs-menu');
  await menu.locator('> summary').click();
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await openPage(page, info, '/bookmarks');
  await expect(page.getByText('从其他导航面板迁移？')).toBeVisible();
  await page.getByLabel('书签文件').setInputFiles(fixture('homepage-services.yaml'));
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByText('识别为：Homepage 配置。')).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'dashboard-import-preview-zh');
  await expect(page.getByLabel('标签名保留文件夹路径')).toBeChecked();
  await page.getByRole('button', { name: '导入勾选的书签' }).click();
  await expect(page.getByText(/已导入 4 个书签/)).toBeVisible();
  expect((await tagsOf(page)).Sonarr).toEqual(['Media / Downloads']);
});
