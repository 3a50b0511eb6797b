// The pages as a new user finds them, at 1280×800 and on a 390×844 phone, with JavaScript off and on: menus and
// the search box inside a phone's window, tags that show there are more, cards whose titles and types can be read,
// room for the floating buttons, a theme switch without a reload, notes with files from the start, the GitHub mark,
// switching accounts from the user menu, and new cards first.
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import {
  api,
  expect,
  expectNoSidewaysScroll,
  jsEnabled,
  openPage,
  reviewPage,
  screenshot,
  signInAs,
  test,
  waitForHydration,
} from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// A 1x1 PNG.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, `${locator} has a box`).not.toBeNull();
  return b!;
}

/** Whether an element shows all of its text: nothing cut off sideways or below. */
async function showsAllText(locator: Locator) {
  return locator.evaluate(
    (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
  );
}

/** The width a text takes in an element's font (the placeholder of an input, the chosen option of a select). */
async function textFits(locator: Locator, text: string) {
  return locator.evaluate((el, t) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(t).width <= inner + 1;
  }, text);
}

test('phone: the Add menu, the search box and the tags fit the window; edit mode keeps tools beside tags', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  for (const name of ['Reading', 'Music', 'Travel', 'Shopping', 'Finance', 'Kids']) {
    await api(page.request, 'post', '/api/tags', { name });
  }
  await page.setViewportSize(PHONE);
  await openPage(page, info, '/');
  await expectNoSidewaysScroll(page);

  // The search box's placeholder and the engine's name are not cut.
  const search = page.locator('#dashboard-search');
  const placeholder = (await search.getAttribute('placeholder'))!;
  await expect.poll(() => textFits(search, placeholder)).toBe(true);
  await expect.poll(() => textFits(page.locator('#search-engine'), 'This dashboard')).toBe(true);

  // The Add menu opens inside the window.
  await page.locator('details.add-menu > summary').click();
  const panel = await box(page.locator('details.add-menu .menu-panel'));
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE.width);
  await page.locator('details.add-menu > summary').click();

  // Tags wrap (no sideways scroller); past two rows they fold behind "Show all", which shows every one.
  const rail = page.locator('nav.tag-rail');
  expect(await rail.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const more = page.getByText(/^Show all \d+ tags$/);
  await expect(more).toBeVisible();
  const list = page.locator('[data-tag-list]');
  const last = list.locator('.tag-item').last();
  const hiddenBelow = async () => (await box(last)).y >= (await box(list)).y + (await box(list)).height;
  expect(await hiddenBelow()).toBe(true);
  await more.click();
  await expect(page.getByText('Show fewer tags')).toBeVisible();
  expect(await hiddenBelow()).toBe(false);
  await screenshot(page, info, 'ui-home-390');

  // Edit mode: each tag's arrows sit beside its pill, not under it.
  await openPage(page, info, '/?edit=1');
  const item = list.locator('.tag-item[data-tag-id]').first();
  const link = await box(item.locator('.tag-link'));
  const tools = await box(item.locator('.tag-tools'));
  expect(tools.y).toBeLessThan(link.y + link.height);
  expect(tools.x).toBeGreaterThanOrEqual(link.x + link.width - 1);
  await expectNoSidewaysScroll(page);
  await screenshot(page, info, 'ui-edit-390');

  // An editor's Cancel / Save bar ends the form on a phone instead of covering the fields above it.
  await openPage(page, info, '/edit/sites/new');
  const bar = page.locator('.editor-savebar');
  expect((await box(bar)).y).toBeGreaterThan(PHONE.height);
  await bar.scrollIntoViewIfNeeded();
  const more2 = page.locator('.floating-more');
  const barBox = await box(bar);
  const moreBox = await box(more2);
  // The bar and the floating "…" do not overlap once the bar is in view.
  const overlaps =
    barBox.x < moreBox.x + moreBox.width &&
    moreBox.x < barBox.x + barBox.width &&
    barBox.y < moreBox.y + moreBox.height &&
    moreBox.y < barBox.y + barBox.height;
  if (overlaps) {
    await page.mouse.wheel(0, 400);
    expect(await box(bar).then((b) => b.y + b.height)).toBeLessThanOrEqual((await box(more2)).y);
  }
  await screenshot(page, info, 'ui-editor-390');
});

test('cards at 1280 px: titles wrap to two lines, a social card’s type is a labelled icon', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  await page.setViewportSize(DESKTOP);
  await openPage(page, info, '/');
  // The starter note a new user sees first; its title (then "Welcome to SakuraNav") was cut to "Welcome to …".
  const tile = page.locator('.tile', { has: page.locator('.tile-name', { hasText: 'Getting started' }) });
  await expect(tile).toBeVisible();
  expect(await showsAllText(tile.locator('.tile-name'))).toBe(true);
  // The social type chip was cut to "G…": now an icon named by the type.
  const github = page.locator('.tile-social').filter({ has: page.getByRole('img', { name: 'GitHub' }) });
  await expect(github.first()).toBeVisible();
  await expect(page.locator('.tile-social').getByRole('img', { name: 'WeChat', exact: true })).toHaveCount(0);
  await screenshot(page, info, 'ui-home-1280');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, info, 'ui-home-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

test('floating buttons leave room for the page; the feedback button shows only with a link the admin set', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  await page.setViewportSize(DESKTOP);
  await openPage(page, info, '/?edit=1');
  const floating = await box(page.locator('nav.floating-buttons'));
  // No "Report a problem" by default: the site's runner has not named a place for it.
  await expect(page.locator('[data-floating="feedback"]')).toHaveCount(0);
  for (const tile of await page.locator('.tile').all()) {
    const b = await box(tile);
    expect(b.x + b.width, 'a card under the floating buttons').toBeLessThanOrEqual(floating.x);
  }
  await openPage(page, info, '/admin/users');
  const table = await box(page.locator('table').first());
  expect(table.x + table.width).toBeLessThanOrEqual((await box(page.locator('nav.floating-buttons'))).x);
  await screenshot(page, info, 'ui-admin-1280');

  const buttons = (await (await page.request.get('/api/floating-buttons')).json()) as {
    id: string;
    customData?: { url: string };
  }[];
  expect(buttons.find((b) => b.id === 'feedback')?.customData?.url).toBe('');
  await api(page.request, 'put', '/api/floating-buttons', {
    buttons: buttons.map((b) =>
      b.id === 'feedback' ? { ...b, customData: { url: 'https://help.example/issues' } } : b,
    ),
  });
  await openPage(page, info, '/');
  await expect(page.locator('[data-floating="feedback"]')).toHaveAttribute(
    'href',
    'https://help.example/issues',
  );
});

/** Picks a theme in the preferences menu and waits until the choice is stored. */
async function pickTheme(page: Page, name: 'Light' | 'Dark' | 'System') {
  await page.locator('details.prefs-menu > summary').click();
  const stored = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/preferences',
  );
  await page.getByRole('button', { name, exact: true }).click();
  await stored;
}

test('switching theme keeps the page (with JavaScript) and the typeface', async ({ page, context }, info) => {
  await signInAs(context, info);
  await page.setViewportSize(DESKTOP);
  for (const url of ['/', '/profile']) {
    await openPage(page, info, url);
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    // A mark on the window: gone if the page is loaded again.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    await pickTheme(page, 'Dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('details.prefs-menu .prefs-icon-dark')).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(font);
    const kept = await page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
    // Without JavaScript the form post loads the page (the evaluate above runs in the new one).
    expect(kept).toBe(jsEnabled(info));
    await expect(page.locator('button[name="theme"][value="dark"]')).toHaveAttribute('aria-pressed', 'true');
    // Stored: a new load keeps it.
    await openPage(page, info, url);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await pickTheme(page, 'System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await openPage(page, info, url);
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  }
});

test('the GitHub sign-in button shows the GitHub mark', async ({ page, context, browser, baseURL }, info) => {
  await signInAs(context, info);
  await api(page.request, 'put', '/api/admin/oauth', {
    github: { enabled: true, clientId: 'ui-layout-client', clientSecret: 'ui-layout-secret-123456' },
  });
  const visitor = await browser.newPage({ javaScriptEnabled: jsEnabled(info) });
  await visitor.goto(`${baseURL}/login`);
  const button = visitor.locator('a.oauth-button[data-provider="github"]');
  await expect(button).toBeVisible();
  await expect(button.locator('svg path')).toHaveCount(1);
  await expect(button.locator('.oauth-dot')).toHaveCount(0);
  await visitor.setViewportSize(DESKTOP);
  await screenshot(visitor, info, 'ui-login');
  await visitor.close();
});

test('the user menu switches between the accounts signed in on this browser', async ({
  page,
  context,
  baseURL,
}, info) => {
  const username = `carol${info.project.name.replace('-', '')}`;
  const other = await playwrightRequest.newContext({ baseURL });
  const reg = await other.post('/api/auth/register', {
    data: { username, password: 'Wonder123', confirmPassword: 'Wonder123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await other.dispose();

  await signInAs(context, info);
  await openPage(page, info, '/');
  await page.locator('summary.user-chip').click();
  await expect(page.getByText('Switch account')).toHaveCount(0);
  // Add carol on this browser: the administrator's sign-in is kept for switching.
  await openPage(page, info, '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Wonder123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('summary.user-chip')).toContainText(username);
  await waitForHydration(page, info);
  await page.locator('summary.user-chip').click();
  await expect(page.getByText('Switch account')).toBeVisible();
  await screenshot(page, info, 'ui-usermenu');
  await page.getByRole('button', { name: 'Switch to boss' }).click();
  await expect(page.locator('summary.user-chip')).toContainText('boss');
});

test('a card added on a page goes first in All cards; one added through the API goes last', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const firstTile = () => page.locator('.tile:not(.tile-pinned)').first();
  // The API keeps the older service's rule (compat: a new card is appended).
  const appended = `Appended ${info.project.name}`;
  await api(page.request, 'post', '/api/site-cards', { name: appended, siteUrl: 'https://end.example/' });
  await openPage(page, info, '/');
  await expect(firstTile()).toBeVisible();
  await expect(firstTile()).not.toContainText(appended);
  // The pages put what someone just added on the first page, whatever its type; the editor returns to it.
  const site = `First site ${info.project.name}`;
  await openPage(page, info, '/edit/sites/new?returnTo=/');
  await page.getByLabel('Name', { exact: true }).fill(site);
  await page.getByLabel('URL', { exact: true }).fill('https://first.example/');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(firstTile()).toContainText(site);
  const note = `First note ${info.project.name}`;
  await openPage(page, info, '/edit/notes/new?returnTo=/');
  await page.getByLabel('Title (optional)').fill(note);
  await page.getByLabel('Text', { exact: true }).fill('Hello');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(firstTile()).toContainText(note);
});

test('a new note takes pictures and attachments; its page lists them and the owner can edit it', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const title = `Trip ${info.project.name}`;
  await openPage(page, info, '/edit/notes/new');
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByLabel('Text', { exact: true }).fill('Packing\n\n- passport\n- tickets');
  const files = page.locator('#note-files');
  let noteId: string;
  if (jsEnabled(info)) {
    await files.getByLabel('Picture in the text (up to 5 MB)').check();
    await files.getByLabel('File', { exact: true }).setInputFiles({
      name: 'IMG_0042.png',
      mimeType: 'image/png',
      buffer: PIXEL,
    });
    await files.getByRole('button', { name: 'Upload' }).click();
    // Its own paragraph after the list, not a line of its last item.
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(
      /^Packing\n\n- passport\n- tickets\n\n!\[IMG_0042\.png\]\(\/api\/note-cards\/img\/asset-[^)]+\)\n\n$/,
    );
    await files.getByLabel('Attachment (up to 100 MB)').check();
    await files.getByLabel('File', { exact: true }).setInputFiles({
      name: 'visa.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Visa 42'),
    });
    await files.getByRole('button', { name: 'Upload' }).click();
    await expect(files.getByText('visa.txt')).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/$/);
    const notes = (await (await page.request.get('/api/note-cards')).json()) as {
      items: { id: string; title: string }[];
    };
    noteId = notes.items.find((n) => n.title === title)!.id;
  } else {
    // Without JavaScript: one button saves the note and opens it where files are added.
    await files.getByRole('button', { name: 'Save and add files' }).click();
    await expect(page).toHaveURL(/\/edit\/notes\/card-[^/?#]+.*#note-files$/);
    noteId = /\/edit\/notes\/([^/?#]+)/.exec(page.url())![1]!;
    await files.getByLabel('Picture in the text (up to 5 MB)').check();
    await files.getByLabel('File', { exact: true }).setInputFiles({
      name: 'IMG_0042.png',
      mimeType: 'image/png',
      buffer: PIXEL,
    });
    await files.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Added IMG_0042.png.')).toBeVisible();
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(
      /^Packing\n\n- passport\n- tickets\n\n!\[IMG_0042\.png\]\(\/api\/note-cards\/img\/asset-[^)]+\)$/,
    );
    await files.getByLabel('Attachment (up to 100 MB)').check();
    await files.getByLabel('File', { exact: true }).setInputFiles({
      name: 'visa.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Visa 42'),
    });
    await files.getByRole('button', { name: 'Upload' }).click();
    await expect(files.getByRole('link', { name: 'Download visa.txt' })).toBeVisible();
  }

  await openPage(page, info, `/card/${noteId}`);
  // The picture is a paragraph of its own, not inside the list.
  await expect(page.locator('.markdown li img')).toHaveCount(0);
  await expect(page.locator('.markdown > p > img')).toHaveCount(1);
  const attachment = page.getByRole('link', { name: 'visa.txt' });
  await expect(attachment).toBeVisible();
  expect(await (await page.request.get((await attachment.getAttribute('href'))!)).text()).toBe('Visa 42');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/notes/${noteId}`));
  await page.setViewportSize(DESKTOP);
  await openPage(page, info, `/card/${noteId}`);
  await screenshot(page, info, 'ui-notepage');
  await reviewPage(page, info, 'note-page');

  // The dashboard's preview of the note leaves the file's name out.
  await openPage(page, info, '/');
  const tile = page.locator('.tile', { hasText: title });
  await expect(tile).toContainText('passport');
  await expect(tile).not.toContainText('IMG_0042');
});
