// The dashboard as people use it (issue 10): on a phone (390x844) and a desktop (1366x900), JavaScript on and off.
import type { Page, TestInfo } from '@playwright/test';
import { api, expect, expectAccessible, jsEnabled, screenshot, signInAs, test } from './fixtures';
import { pagingJourney } from './paging';

// Each journey runs on two viewports (and in both themes): slower than one page's checks.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

/** The element lies inside the viewport horizontally. */
async function expectOnScreen(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${selector} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${selector} ends on screen`).toBeLessThanOrEqual(width);
}

async function setTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

test('the header menus open on screen and work, on a phone and a desktop', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto('/');
    // The logo on the left, the menus on the right.
    const brand = (await page.locator('.site-header .brand').boundingBox())!;
    const chip = (await page.locator('summary.user-chip').boundingBox())!;
    expect(brand.x).toBeLessThan(size.width / 4);
    expect(chip.x + chip.width).toBeGreaterThan((size.width * 3) / 4);
    // The web-search engine can be chosen on every screen.
    await expect(page.getByLabel('Search in')).toBeVisible();

    // Theme menu: opens on screen, and its dark theme can be picked.
    await page.locator('details.prefs-menu > summary').click();
    await expectOnScreen(page, 'details.prefs-menu[open] .menu-panel');
    await screenshot(page, info, `${name}-prefs-menu-light`);
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // User menu: opens on screen, and Profile and Users can be reached.
    await page.locator('summary.user-chip').click();
    await expectOnScreen(page, 'details.user-menu[open] .menu-panel');
    await screenshot(page, info, `${name}-user-menu-dark`);
    await expectAccessible(page, info);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.goto('/');
    await page.locator('summary.user-chip').click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.goto('/');
    await setTheme(page, 'System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  }
});

test('edit mode on a phone keeps each card’s tools inside the card', async ({ page, context }, info) => {
  await signInAs(context, info);
  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/?edit=1');
      const tiles = page.locator('[data-card-grid] > li');
      await expect(tiles.first()).toBeVisible();
      // With JavaScript the drag handles appear once sortablejs has loaded (it may be after the load event) and
      // wrap the tools to a second row: measure after that.
      if (jsEnabled(info)) await expect(page.locator('[data-dashboard].js-dnd')).toHaveCount(1);
      for (let i = 0; i < 4; i++) {
        const tile = (await tiles.nth(i).boundingBox())!;
        for (const tool of await tiles.nth(i).locator('.tile-tools .icon-button').all()) {
          const box = (await tool.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(tile.x);
          expect(box.x + box.width).toBeLessThanOrEqual(tile.x + tile.width + 0.5);
          expect(box.y + box.height).toBeLessThanOrEqual(tile.y + tile.height + 0.5);
        }
      }
      await screenshot(page, info, `${name}-edit-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Without JavaScript nothing can be dragged, and the hint does not say so.
  if (!jsEnabled(info)) await expect(page.locator('.board-hint')).not.toContainText('Drag');
});

async function openMenu(page: Page, info: TestInfo, name: string) {
  await page.getByRole('link', { name: `Menu of ${name}` }).click();
  if (jsEnabled(info)) {
    const dialog = page.getByRole('dialog', { name: `Menu of ${name}` });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/card\/[^/?]+\?returnTo=/);
  return page.locator('[data-card-menu]');
}

test('a site card’s menu: alternates, memo and todos for the owner, related sites, quick actions', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const tag = (await api(page.request, 'post', '/api/tags', { name: 'Menus' })).item;
  const target = (
    await api(page.request, 'post', '/api/site-cards', {
      name: 'Docs Mirror',
      siteUrl: 'https://docs.example.com',
      tagIds: [tag.id],
    })
  ).item;
  await api(page.request, 'post', '/api/site-cards', {
    name: 'Wiki',
    siteUrl: 'https://wiki.example.com',
    tagIds: [tag.id],
    siteAccessRules: {
      urls: [
        { id: 'a1', url: 'http://wiki.lan', label: 'Office LAN' },
        { id: 'a2', url: 'https://wiki-mirror.example.com', label: 'Mirror' },
      ],
    },
    siteNotes: 'Ask Ana for an account',
    siteTodos: [{ id: 't1', text: 'Write the onboarding page', completed: false }],
    siteRelatedSites: [{ cardId: target.id }],
  });

  for (const [name, size] of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto(`/?tag=${tag.id}`);
    const menu = await openMenu(page, info, 'Wiki');
    await expect(menu.getByRole('link', { name: 'Office LAN' })).toHaveAttribute('href', 'http://wiki.lan');
    await expect(menu.getByRole('link', { name: 'Mirror', exact: true })).toBeVisible();
    await expect(menu.getByText('Ask Ana for an account')).toBeVisible();
    await expect(menu.getByText('Write the onboarding page')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Docs Mirror' })).toHaveAttribute(
      'href',
      'https://docs.example.com',
    );
    await expect(menu.getByRole('link', { name: 'Edit' })).toBeVisible();
    // Copying and opening every alternate need JavaScript; without it the links are there.
    await expect(menu.getByRole('button', { name: 'Copy link' })).toHaveCount(jsEnabled(info) ? 1 : 0);
    await expect(menu.getByRole('button', { name: 'Open all 2 alternates' })).toHaveCount(
      jsEnabled(info) ? 1 : 0,
    );
    if (jsEnabled(info)) await expectOnScreen(page, '.card-popover');
    await expectAccessible(page, info);
    await screenshot(page, info, `${name}-card-menu`);
    // Pin from the menu: back on the dashboard, the card comes first.
    await menu.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(page.locator('[data-card-grid] > li').first()).toHaveAttribute('data-pinned', '1');
    await expect(page.locator('[data-card-grid] .tile-name').first()).toHaveText('Wiki');
    await (await openMenu(page, info, 'Wiki')).getByRole('button', { name: 'Unpin', exact: true }).click();
    await expect(page.locator('[data-card-grid] > li').first()).toHaveAttribute('data-pinned', '0');
  }

  // Visitors see the related sites, never the owner's alternates, memo or todos.
  await context.clearCookies();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/?tag=${tag.id}`);
  const menu = await openMenu(page, info, 'Wiki');
  await expect(menu.getByRole('link', { name: 'Docs Mirror' })).toBeVisible();
  await expect(menu.getByText('Office LAN')).toHaveCount(0);
  await expect(menu.getByText('Ask Ana')).toHaveCount(0);
  await expect(menu.getByText('onboarding')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await screenshot(page, info, 'desktop-card-menu-visitor-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

// The same journey through 10,000 cards is in 05-paging.heavy.spec.ts (opt-in).
test('paging forward and back through the cards, then to the last page and past it', async ({
  page,
  context,
}, info) => {
  await pagingJourney(page, context, info, 120);
});

test('switching to Chinese: default labels follow the language', async ({ page, context }, info) => {
  await signInAs(context, info);
  const blog = (
    await api(page.request, 'post', '/api/social-cards', {
      cardType: 'blog',
      payload: { url: 'https://blog.example.com' },
    })
  ).item;
  await page.setViewportSize(PHONE);
  await page.goto('/?tag=__social_cards__');
  const tile = page.locator(`#card-${blog.id}`);
  await expect(tile.locator('.tile-name')).toHaveText('Blog');
  await expect(tile.locator('.tile-social-type')).toHaveAccessibleName('Blog');
  await expect(page.getByText('博客')).toHaveCount(0);

  // The language menu on the phone.
  await page.goto('/?tag=__social_cards__');
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(tile.locator('.tile-name')).toHaveText('博客');
  await expect(tile.locator('.tile-social-type')).toHaveAccessibleName('博客');
  await screenshot(page, info, 'phone-chinese');
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await screenshot(page, info, 'desktop-chinese-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('web search hands the query to the chosen engine', async ({ page, context }, info) => {
  await signInAs(context, info);
  // What is checked is that the browser goes to the engine at all (the page's own Content-Security-Policy once
  // blocked the redirect from /search). The engine is out of reach here (the browser resolves no outside name) and
  // the headless browser does not route a redirect's target: the navigation is watched as a request, which must
  // fail on the engine's name, not on a block on the way (or be answered, in a browser that routes it).
  await page.route('https://duckduckgo.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Engine</title><p>engine reached</p>',
    }),
  );
  await page.goto('/');
  await page.getByLabel('Search in').selectOption('duckduckgo');
  await page.locator('#dashboard-search').fill('sakura dashboard');
  const engine = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.url().startsWith('https://duckduckgo.com/'),
  );
  await page.locator('#dashboard-search').press('Enter');
  const request = await engine;
  expect(request.url()).toBe('https://duckduckgo.com/?q=sakura%20dashboard');
  const response = await request.response();
  expect(response ? response.status() : request.failure()?.errorText).toBe(
    response ? 200 : 'net::ERR_NAME_NOT_RESOLVED',
  );
});
