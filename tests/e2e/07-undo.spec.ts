// Undo where it can be had, a confirm step where it cannot (issue 26 items 3, 7 and 15), with and without JavaScript.
import path from 'node:path';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import {
  connectProjectDb,
  expect,
  jsEnabled,
  openPage,
  reviewPage,
  signInAs,
  test,
  waitForHydration,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const CHROME = path.resolve(import.meta.dirname, '../fixtures/bookmarks/chrome.html');
// A 1x1 red PNG.
const RED_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

const toast = (page: Page) => page.locator('[data-toast]');

/** A regular user of this project's instance (created once), signed in on `context`. */
async function signInAsUser(context: BrowserContext, info: TestInfo, name: string): Promise<string> {
  await connectProjectDb(info);
  const { UserModel } = await import('../../server/users/user.model');
  const { newUserDoc } = await import('../../server/users/new-user');
  const username = `${name}${jsEnabled(info) ? 'js' : 'nojs'}`;
  const id = `user-${username}`;
  if (!(await UserModel.exists({ _id: id })))
    await UserModel.create(await newUserDoc({ id, username, password: 'Password123', role: 'user' }));
  await signInAs(context, info, id);
  return id;
}

/** Picks a language in the header's preferences menu (opening it unless it is open). */
async function language(page: Page, name: string) {
  const menu = page.locator('details.prefs-menu');
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator('> summary').click();
  await page.getByRole('button', { name }).click();
}

async function siteNames(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/site-cards');
  return ((await res.json()).items as { name: string }[]).map((c) => c.name);
}

test('a bookmark import is undone from its result', async ({ page, context }, info) => {
  test.slow();
  await signInAsUser(context, info, 'undo');
  const before = await siteNames(page);
  await openPage(page, info, '/bookmarks');
  await page.getByLabel('Bookmark file').setInputFiles(CHROME);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Check the bookmarks' })).toBeVisible();
  await waitForHydration(page, info);
  await page.getByRole('button', { name: 'Import the ticked bookmarks' }).click();

  const result = page.getByRole('status').filter({ hasText: /Imported \d+ bookmarks/ });
  await expect(result).toBeVisible();
  expect(await siteNames(page)).toContain('MDN Web Docs');
  await reviewPage(page, info, 'bookmarks-import-result');
  await result.getByRole('button', { name: 'Undo' }).click();

  await expect(toast(page)).toContainText('The import was undone');
  await expect(page).toHaveURL(/\/bookmarks$/);
  expect((await siteNames(page)).sort()).toEqual([...before].sort());
});

test('deleting a snapshot and an access token goes through a confirm step', async ({
  page,
  context,
}, info) => {
  await signInAsUser(context, info, 'undo');
  await openPage(page, info, '/settings/history');
  await page.getByLabel('Label (optional)').fill('to delete');
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await expect(toast(page)).toContainText('Snapshot “to delete” saved.');
  await page.getByRole('link', { name: 'Delete to delete…' }).click();
  await expect(page.getByRole('heading', { name: 'Delete the snapshot “to delete”?' })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'history-delete-confirm');
  await page.getByRole('button', { name: 'Delete this snapshot' }).click();
  await expect(toast(page)).toContainText('Snapshot deleted.');
  await expect(page.locator('.snapshot-label', { hasText: 'to delete' })).toHaveCount(0);

  await openPage(page, info, '/profile#tokens');
  await page.getByLabel('Token name').fill('Old script');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token "Old script" created')).toBeVisible();
  const secret = await page.getByLabel('New access token').inputValue();
  await page.getByRole('link', { name: 'Delete token Old script…' }).click();
  await expect(page.getByRole('heading', { name: 'Delete the token “Old script”?' })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'token-delete-confirm');
  // Cancel keeps it; the confirming button deletes it.
  await page.locator('#confirm-token').getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Delete the token “Old script”?' })).toHaveCount(0);
  const auth = { headers: { authorization: `Bearer ${secret}` } };
  expect((await page.request.get('/api/user/profile', auth)).status()).toBe(200);
  await page.getByRole('link', { name: 'Delete token Old script…' }).click();
  await page.getByRole('button', { name: 'Delete this token' }).click();
  await expect(toast(page)).toContainText('Token deleted.');
  expect((await page.request.get('/api/user/profile', auth)).status()).toBe(401);
});

test('an administrator confirms a temporary password and copies it', async ({ page, context }, info) => {
  const userId = await signInAsUser(context, info, 'temp');
  await context.clearCookies();
  await signInAs(context, info);
  await openPage(page, info, `/admin/users?q=temp`);
  await page.getByRole('link', { name: /^Set a temporary password for temp/ }).click();
  await expect(
    page.getByRole('heading', { name: /^Give temp(no)?js a temporary password\?$/ }),
  ).toBeVisible();
  await expect(page.getByText('every browser where they are signed in is signed out')).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'temp-password-confirm');
  await page.getByRole('button', { name: /^Set a temporary password for temp/ }).click();
  const password = page.getByLabel(/^Temporary password of temp/);
  await expect(password).toHaveValue(/\S{8,}/);
  if (jsEnabled(info)) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy password' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await password.inputValue());
  }
  await reviewPage(page, info, 'temp-password-shown');
  expect(userId).toMatch(/^user-temp/);
});

test('the avatar picked is shown before it is uploaded; imports preselect Add', async ({
  page,
  context,
}, info) => {
  await signInAsUser(context, info, 'undo');
  await openPage(page, info, '/profile');
  const figure = page.locator('.avatar-figure');
  await expect(figure).toContainText(/No picture yet|Current picture/);
  await page.getByLabel('Avatar picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: RED_PIXEL,
  });
  if (jsEnabled(info)) {
    await expect(figure).toContainText('New picture, not saved yet');
    await expect(figure.locator('img')).toHaveAttribute('src', /^blob:/);
    await reviewPage(page, info, 'avatar-preview', { phone: false });
  }
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(toast(page)).toContainText('Avatar updated.');
  await expect(figure).toContainText('Current picture');
  await expect(figure.locator('img')).toHaveAttribute('src', /^\/api\/assets\//);

  await openPage(page, info, '/settings/data');
  await expect(page.getByLabel('Add: keep mine, add only what I do not have yet')).toBeChecked();
  await expect(page.getByLabel('Replace: my cards and tags are replaced by the archive’s')).not.toBeChecked();
});

test('the one-time username change asks first, in English and Chinese', async ({ page, context }, info) => {
  await signInAsUser(context, info, 'named');
  await openPage(page, info, '/profile#username');
  await page.getByLabel('New username').fill('renamed');
  await page.getByRole('button', { name: 'Change username…' }).click();
  const step = page.locator('#confirm-username');
  await expect(step.getByRole('heading', { name: 'Change your username to renamed?' })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'username-confirm');

  await language(page, '简体中文');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.goto('/profile#username');
  await page.getByLabel('新用户名').fill('renamed');
  await page.getByRole('button', { name: '修改用户名…' }).click();
  await expect(step.getByRole('heading', { name: '把用户名改为 renamed？' })).toBeVisible();
  await expect(step.getByRole('button', { name: '改为 renamed' })).toBeVisible();
  await reviewPage(page, info, 'username-confirm-zh', { phone: false });
  await language(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await openPage(page, info, '/profile#username');
  await page.getByLabel('New username').fill('renamed');
  await page.getByRole('button', { name: 'Change username…' }).click();
  await step.getByRole('button', { name: 'Change to renamed' }).click();
  await expect(toast(page)).toContainText('Username changed.');
  await expect(page.getByText('You have already used your one username change.')).toBeVisible();
});
