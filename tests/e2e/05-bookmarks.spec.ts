import path from 'node:path';
import { expect, jsEnabled, reviewPage, signInAs, test, waitForHydration } from './fixtures';

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

test('a large file lists its first 500 bookmarks; the rest are imported, or listed on request with JavaScript', async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, info);
  const links = Array.from({ length: 600 }, (_, i) => `<DT><A HREF="https://big${i}.example/">Big ${i}</A>`);
  const file = info.outputPath('big.html');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>${links.join('\n')}</DL>`);
  await page.goto('/bookmarks');
  await waitForHydration(page, info);
  await page.getByLabel('Bookmark file').setInputFiles(file);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('600 bookmarks found.')).toBeVisible();
  const list = page.getByRole('group', { name: 'Bookmarks to import' });
  await expect(list.getByRole('checkbox')).toHaveCount(500);
  await expect(page.getByText(/100 more are imported too/)).toBeVisible();
  await waitForHydration(page, info);
  if (info.project.name === 'js') {
    // With JavaScript every row can be listed and unticked.
    await page.getByRole('button', { name: 'List all 600' }).click();
    await expect(list.getByRole('checkbox')).toHaveCount(600);
    await list.getByRole('checkbox', { name: /Big 599/ }).uncheck();
  }
  await list.getByRole('checkbox', { name: /Big 0\b/ }).uncheck();
  await page.getByRole('button', { name: 'Import the ticked bookmarks' }).click();
  const created = info.project.name === 'js' ? 598 : 599;
  await expect(page.getByText(`Imported ${created} bookmarks (${600 - created} skipped).`)).toBeVisible();
  const names = new Set(
    ((await (await page.request.get('/api/site-cards?limit=1000')).json()).items as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  expect(names.has('Big 0')).toBe(false);
  expect(names.has('Big 599')).toBe(info.project.name !== 'js');
  expect(names.has('Big 550')).toBe(true);
});

test('a refused confirmation keeps the preview as it was ticked and says why beside the list, in English and Chinese', async ({
  page,
  context,
  baseURL,
}, info) => {
  test.slow();
  await signInAs(context, info);
  const texts = {
    en: {
      group: 'Bookmarks to import',
      newTag: 'and in a new tag',
      confirm: 'Import the ticked bookmarks',
      refused: 'Pick at least one bookmark',
      preview: 'Check the bookmarks',
    },
    zh: {
      group: '要导入的书签',
      newTag: '以及新标签',
      confirm: '导入勾选的书签',
      refused: '请至少选择一个书签',
      preview: '确认要导入的书签',
    },
  };
  for (const lang of ['en', 'zh'] as const) {
    const text = texts[lang];
    await context.addCookies([{ name: 'lang', value: lang, url: String(baseURL) }]);
    await page.goto('/bookmarks');
    await waitForHydration(page, info);
    await page.locator('input[type="file"][name="file"]').setInputFiles(CHROME);
    await page.locator('form[enctype="multipart/form-data"] button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: text.preview })).toBeVisible();
    await waitForHydration(page, info);
    const list = page.getByRole('group', { name: text.group });
    // The page arrives in pieces: its heading can show before the end of the list (once, without JavaScript, a box
    // still on its way stayed ticked). The confirm button comes after the list, so with it every box is there.
    await expect(page.getByRole('button', { name: text.confirm })).toBeVisible();
    for (const box of await list.getByRole('checkbox').all()) await box.uncheck();
    await page.getByLabel(text.newTag).fill('Later');
    await page.getByRole('button', { name: text.confirm }).click();

    // The preview is still there, the message is the list's own, and what was chosen is kept.
    await expect(list).toHaveAccessibleDescription(text.refused);
    // With JavaScript nothing reloads: the list's first box takes the focus, so the message above it is in view.
    if (jsEnabled(info)) await expect(list.getByRole('checkbox').first()).toBeFocused();
    await expect(page.getByRole('heading', { name: text.preview })).toBeVisible();
    await expect(page.getByLabel(text.newTag)).toHaveValue('Later');
    await expect(page.getByRole('button', { name: text.confirm })).toBeVisible();
    for (const box of await list.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    await reviewPage(page, info, `bookmarks-refused-${lang}`);
  }
  // Corrected, the same preview imports.
  await page.getByRole('group', { name: texts.zh.group }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: texts.zh.confirm }).click();
  await expect(page.getByText(/已导入 1 个书签/)).toBeVisible();
  await context.addCookies([{ name: 'lang', value: 'en', url: String(baseURL) }]);
});
