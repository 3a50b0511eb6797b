// The quick launcher: Ctrl/Cmd+K or "/" opens it on any page; it finds cards by name, address, tag or memo, says
// where each matched, and opens the chosen card (Alt+Enter: its alternate address). Visitors find only public
// cards. Without JavaScript the dashboard's search box does the same search as a page.
import type { Page } from '@playwright/test';
import {
  api,
  expect,
  expectNoSidewaysScroll,
  jsEnabled,
  openPage,
  screenshot,
  signInAs,
  test,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const launcher = (page: Page) => page.getByRole('dialog', { name: 'Open a card' });
const box = (page: Page) => launcher(page).getByRole('combobox', { name: 'Open a card' });

let noteId = '';

test('the owner opens cards from the launcher by name, tag and memo; a visitor finds only public ones', async ({
  page,
  context,
  baseURL,
  browser,
}, info) => {
  await signInAs(context, info);
  const reading = await api(page.request, 'post', '/api/tags', { name: 'Reading list' });
  const hidden = await api(page.request, 'post', '/api/tags', { name: 'Private', isHidden: true });
  await api(page.request, 'post', '/api/site-cards', {
    name: 'Launcher Docs',
    siteUrl: `${baseURL}/profile?from=launcher`,
    siteNotes: 'renew the licence',
    tagIds: [reading.item?.id ?? reading.id],
    siteAccessRules: { urls: [{ id: 'mirror', url: `${baseURL}/profile?from=alternate`, label: 'Mirror' }] },
  });
  await api(page.request, 'post', '/api/site-cards', {
    name: 'Secret plan',
    siteUrl: 'https://secret.example.com',
    tagIds: [hidden.item?.id ?? hidden.id],
  });
  const note = await api(page.request, 'post', '/api/note-cards', {
    title: 'Launcher note',
    content: 'hello',
  });
  noteId = note.item?.id ?? note.id;

  if (!jsEnabled(info)) {
    // Without JavaScript: the dashboard's search box lists the same cards on the search page.
    await openPage(page, info, '/');
    await page.getByPlaceholder('Search cards or the web').fill('launcher');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=launcher/);
    await expect(page.getByRole('link', { name: /Launcher Docs/ }).first()).toBeVisible();
    await expect(page.getByText('Launcher note').first()).toBeVisible();
    return;
  }

  await openPage(page, info, '/');
  await page.keyboard.press('Control+k');
  await expect(launcher(page)).toBeVisible();
  await box(page).fill('launcher');
  const options = launcher(page).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.filter({ hasText: 'Launcher Docs' })).toContainText('Found in name');
  await screenshot(page, info, 'launcher');
  // A tag's name and the owner's memo find the card too, and the launcher says so.
  await box(page).fill('reading');
  await expect(options).toHaveText([/Launcher Docs.*Found in tag/]);
  await box(page).fill('licence');
  await expect(options).toHaveText([/Launcher Docs.*Found in memo/]);
  await box(page).fill('nothing like this');
  await expect(launcher(page).getByText('No card matches.')).toBeVisible();
  // Escape closes it; the arrows move, Enter opens the card, Alt+Enter its alternate address.
  await page.keyboard.press('Escape');
  await expect(launcher(page)).toBeHidden();
  await page.keyboard.press('Control+k');
  await box(page).fill('launcher');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  for (const [key, lands] of [
    ['Enter', /from=launcher/],
    ['Alt+Enter', /from=alternate/],
  ] as const) {
    if (!(await launcher(page).isVisible())) {
      await openPage(page, info, '/');
      await page.keyboard.press('Control+k');
    }
    await box(page).fill('launcher docs');
    await expect(options).toHaveCount(1);
    await page.keyboard.press(key);
    await expect(page).toHaveURL(lands);
  }

  // On a page rendered by React (the profile) "/" opens it too; typing and Enter at once opens the first match.
  await openPage(page, info, '/profile');
  await page.keyboard.press('/');
  await expect(launcher(page)).toBeVisible();
  await box(page).pressSequentially('launcher note');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/card/${noteId}$`));

  // A visitor: public cards only; the memo is not searched.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/');
  await visitor.locator('html[data-ready]').waitFor({ state: 'attached' });
  await visitor.keyboard.press('/');
  await box(visitor).fill('secret');
  await expect(launcher(visitor).getByText('No card matches.')).toBeVisible();
  await box(visitor).fill('licence');
  await expect(launcher(visitor).getByText('No card matches.')).toBeVisible();
  await box(visitor).fill('launcher');
  await expect(launcher(visitor).getByRole('option')).toHaveCount(2);
  // Enter with nothing chosen lands on the search page for the same words.
  await box(visitor).fill('secret');
  await expect(launcher(visitor).getByText('No card matches.')).toBeVisible();
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(/\/\?q=secret$/);
  await visitor.close();
});

test('the launcher fits a phone, in Chinese and the dark theme', async ({ page, context, baseURL }, info) => {
  await signInAs(context, info);
  await context.addCookies([
    { name: 'lang', value: 'zh', url: String(baseURL) },
    { name: 'theme', value: 'dark', url: String(baseURL) },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, info, '/');
  if (!jsEnabled(info)) {
    // Without JavaScript the search box is the way: the same words, on the search page, in Chinese.
    await page.getByPlaceholder('搜索导航或网页').fill('launcher');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=launcher/);
    await expect(page.getByText('Launcher note').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    return;
  }
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: '打开卡片' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox').fill('launcher');
  await expect(dialog.getByRole('option').first()).toContainText('匹配：名称');
  await expect(dialog.getByRole('button', { name: '搜索全部卡片' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, info, 'launcher-phone-zh');
});
