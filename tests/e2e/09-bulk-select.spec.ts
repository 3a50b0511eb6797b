// Bulk selection in the dashboard's edit mode (issue 27 item 6): tick cards, then move, tag, pin or delete them in
// one go, with Undo; without JavaScript the checkboxes are a plain form, with it shift-click ticks a range.
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { api, connectProjectDb, expect, jsEnabled, openPage, reviewPage, signInAs, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

const toast = (page: Page) => page.locator('[data-toast]');
const pick = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}` });
const site = (i: number) => `Site ${String(i).padStart(2, '0')}`;

/** A user of this project's instance with an empty space (created once), signed in on `context`. */
async function signInAsUser(context: BrowserContext, info: TestInfo): Promise<void> {
  await connectProjectDb(info);
  const { UserModel } = await import('../../server/users/user.model');
  const { newUserDoc } = await import('../../server/users/new-user');
  const username = `picker${jsEnabled(info) ? 'js' : 'nojs'}`;
  const id = `user-${username}`;
  if (!(await UserModel.exists({ _id: id })))
    await UserModel.create(await newUserDoc({ id, username, password: 'Password123', role: 'user' }));
  await signInAs(context, info, id);
}

let reading = '';
let later = '';

/** The id of one of the user's site cards, by name. */
async function cardId(page: Page, name: string): Promise<string> {
  const { items } = await api(page.request, 'get', '/api/site-cards?limit=100');
  return (items as { id: string; name: string }[]).find((c) => c.name === name)!.id;
}

async function countIn(page: Page, tagId: string): Promise<number> {
  return (await api(page.request, 'get', `/api/navigation/cards?scope=tag&tagId=${tagId}&limit=1`)).total;
}

test('ticked cards move to another tag in one go, and Undo puts them back', async ({
  page,
  context,
}, info) => {
  await signInAsUser(context, info);
  reading = (await api(page.request, 'post', '/api/tags', { name: 'Reading' })).item.id;
  later = (await api(page.request, 'post', '/api/tags', { name: 'Later' })).item.id;
  // 30 cards: more than one page of the tag (24), so "select all" has to load the rest.
  for (let i = 1; i <= 30; i++)
    await api(page.request, 'post', '/api/site-cards', {
      name: site(i),
      siteUrl: `https://site${i}.example.com`,
      tagIds: [reading],
      siteSkipOnlineCheck: true,
    });
  await openPage(page, info, `/?tag=${reading}&edit=1`);
  const bar = page.locator('form[data-bulk-bar]');
  await expect(bar).toBeVisible();
  await pick(page, site(1)).check();
  await pick(page, site(2)).check();
  if (jsEnabled(info)) {
    // Shift-click ticks the range from the last card clicked.
    await pick(page, site(5)).click({ modifiers: ['Shift'] });
    await expect(bar.locator('[data-bulk-count]')).toHaveText('5 cards selected');
  } else {
    for (const i of [3, 4, 5]) await pick(page, site(i)).check();
  }
  for (const i of [3, 4]) await expect(pick(page, site(i))).toBeChecked();
  await expect(pick(page, site(6))).not.toBeChecked();
  await reviewPage(page, info, 'bulk-selected');

  await bar.getByLabel('Tag', { exact: true }).selectOption({ label: 'Later' });
  await bar.getByRole('button', { name: 'Move to tag' }).click();
  await expect(toast(page)).toContainText('5 cards moved to Later.');
  await expect(page).toHaveURL(new RegExp(`tag=${reading}`));
  await expect(pick(page, site(1))).toHaveCount(0);
  expect(await countIn(page, reading)).toBe(25);
  expect(await countIn(page, later)).toBe(5);
  await reviewPage(page, info, 'bulk-moved');

  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toContainText('Restored.');
  await expect(pick(page, site(1))).toBeVisible();
  expect(await countIn(page, reading)).toBe(30);
  expect(await countIn(page, later)).toBe(0);
});

test('pin and delete many at once; a tag operation without a tag asks for one', async ({
  page,
  context,
}, info) => {
  await signInAsUser(context, info);
  await openPage(page, info, `/?tag=${reading}&edit=1`);
  const bar = page.locator('form[data-bulk-bar]');
  if (jsEnabled(info)) {
    // "Select all in this tag" loads the rest of the tag and ticks every card; "Clear" unticks them.
    await bar.getByRole('button', { name: 'Select all in this tag' }).click();
    await expect(bar.locator('[data-bulk-count]')).toHaveText('30 cards selected');
    await expect(pick(page, site(30))).toBeChecked();
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar.locator('[data-bulk-count]')).toHaveText('No cards selected');
    // The actions show once something is ticked.
    await expect(bar.getByRole('button', { name: 'Pin', exact: true })).toBeHidden();
    await bar.getByRole('button', { name: 'Select all in this tag' }).click();
  } else {
    await expect(bar.getByRole('button', { name: 'Select all in this tag' })).toBeHidden();
    for (const i of [1, 2, 3]) await pick(page, site(i)).check();
  }
  await bar.getByRole('button', { name: 'Pin', exact: true }).click();
  const pinned = jsEnabled(info) ? 30 : 3;
  await expect(toast(page)).toContainText(`${pinned} cards pinned.`);
  const pinnedTiles = page.locator('.tile[data-pinned="1"]');
  if (jsEnabled(info)) {
    // The view's first page is shown again, every card of it pinned (infinite scroll may load its second page at
    // once, when the browser keeps the scroll position over the redirect).
    await expect(pinnedTiles.nth(23)).toBeAttached();
    await expect(page.locator('.tile:not([data-pinned="1"])')).toHaveCount(0);
  } else await expect(pinnedTiles).toHaveCount(pinned);

  await pick(page, site(7)).check();
  await bar.getByRole('button', { name: 'Add tag' }).click();
  if (jsEnabled(info)) {
    // The picker says so on the spot.
    const message = await bar
      .getByLabel('Tag', { exact: true })
      .evaluate((s) => (s as HTMLSelectElement).validationMessage);
    expect(message).toBe('Choose a tag first.');
  } else {
    // The page again, with the reason beside the picker and the card still ticked.
    await expect(bar.getByRole('alert')).toHaveText('Choose a tag');
    await expect(bar.getByLabel('Tag', { exact: true })).toHaveAccessibleDescription('Choose a tag');
    await expect(pick(page, site(7))).toBeChecked();
  }

  await pick(page, site(8)).check();
  // Deleting can be undone, so it happens at once, as a single card's Delete does.
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page)).toContainText('2 cards deleted.');
  await expect(pick(page, site(7))).toHaveCount(0);
  expect(await countIn(page, reading)).toBe(28);
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toContainText('Restored.');
  await expect(pick(page, site(7))).toBeVisible();
  expect(await countIn(page, reading)).toBe(30);

  // A ticked card deleted meanwhile (in another tab): the bar says nothing was changed, the rest stays ticked.
  await pick(page, site(9)).check();
  await pick(page, site(10)).check();
  await api(page.request, 'post', '/api/cards/bulk', { ids: [await cardId(page, site(10))], op: 'delete' });
  await bar.getByRole('button', { name: 'Unpin' }).click();
  await expect(bar.getByRole('alert')).toHaveText(
    'Some of those cards or that tag no longer exist; nothing was changed.',
  );
  await expect(page).toHaveURL(new RegExp(`tag=${reading}`));
  await expect(pick(page, site(9))).toBeChecked();
  await expect(pick(page, site(10))).toHaveCount(0);
  if (jsEnabled(info)) await expect(bar.locator('[data-bulk-count]')).toHaveText('1 card selected');
  await reviewPage(page, info, 'bulk-refused');
  expect(await countIn(page, reading)).toBe(29);
});

test('the selection bar in Chinese', async ({ page, context }, info) => {
  await signInAsUser(context, info);
  await openPage(page, info, `/?tag=${reading}&edit=1`);
  const menu = page.locator('details.prefs-menu');
  await menu.locator('> summary').click();
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const bar = page.locator('form[data-bulk-bar]');
  await page.getByRole('checkbox', { name: `选择 ${site(1)}` }).check();
  await page.getByRole('checkbox', { name: `选择 ${site(2)}` }).check();
  await page.getByRole('checkbox', { name: `选择 ${site(11)}` }).check();
  await expect(bar.getByRole('button', { name: '移到标签' })).toBeVisible();
  if (jsEnabled(info)) await expect(bar.locator('[data-bulk-count]')).toHaveText('已选 3 张卡片');
  await reviewPage(page, info, 'bulk-zh');
  // Refused in Chinese: one of the cards was deleted meanwhile.
  await api(page.request, 'post', '/api/cards/bulk', { ids: [await cardId(page, site(11))], op: 'delete' });
  await bar.getByRole('button', { name: '取消置顶' }).click();
  await expect(bar.getByRole('alert')).toHaveText('部分卡片或该标签已不存在，未做任何更改。');
  await expect(page.getByRole('checkbox', { name: `选择 ${site(2)}` })).toBeChecked();
  await reviewPage(page, info, 'bulk-refused-zh');
  await bar.getByRole('button', { name: '取消置顶' }).click();
  await expect(toast(page)).toContainText('已取消置顶 2 张卡片。');
  await menu.locator('> summary').click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
