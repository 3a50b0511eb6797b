import type { Page } from '@playwright/test';
import { api, expect, expectAccessible, jsEnabled, screenshot, signInAs, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

async function tileNames(page: Page) {
  return page.locator('[data-card-grid] .tile-name').allTextContents();
}

test('visitors browse tags, page through, search and open card pages', async ({ page, context }, info) => {
  // Seed the admin's (public) space through the API, signed in as the admin.
  await signInAs(context, info);
  const tag = (await api(page.request, 'post', '/api/tags', { name: 'Reading' })).item;
  for (let i = 1; i <= 30; i++) {
    await api(page.request, 'post', '/api/site-cards', {
      name: `Site ${String(i).padStart(2, '0')}`,
      siteUrl: `https://site${i}.example.com`,
      siteDescription: i === 7 ? '一个中文描述的网站' : `Description ${i}`,
      tagIds: i <= 5 ? [tag.id] : [],
    });
  }
  const social = (
    await api(page.request, 'post', '/api/social-cards', {
      cardType: 'wechat',
      label: 'My WeChat',
      payload: { wechatId: 'wx_sakura', qrCodeUrl: '/wechat-qrcode.png' },
    })
  ).item;
  const site = (await api(page.request, 'get', '/api/site-cards')).items.find(
    (c: { name: string }) => c.name === 'Site 03',
  );
  await api(page.request, 'post', '/api/note-cards', {
    title: 'Reading list',
    content: `# Books\n\nSee [Site 03](sakura-site://${site.id}) and <script>alert(1)</script>`,
  });
  await context.clearCookies();

  // Earlier journeys leave cards in this space too: count what a visitor sees.
  const total: number = (await api(page.request, 'get', '/api/navigation/cards')).total;
  expect(total).toBeGreaterThan(24);
  expect(total).toBeLessThanOrEqual(48);
  await page.goto('/');
  await expect(page.locator('summary.user-chip')).toHaveCount(0);
  await expectAccessible(page, info);

  // Paging: 24 cards a page. Without JavaScript "Load more" opens the next page; with it, the next page is
  // appended as the link comes near the viewport.
  if (jsEnabled(info)) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('[data-card-grid] > li')).toHaveCount(total);
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0);
    await screenshot(page, info, 'dashboard-light');
  } else {
    await expect(page.locator('[data-card-grid] > li')).toHaveCount(24);
    await screenshot(page, info, 'dashboard-light');
    await page.getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('[data-card-grid] > li')).toHaveCount(total - 24);
  }

  // A tag from the rail.
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Tags' })
    .getByRole('link', { name: /Reading/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading' })).toBeVisible();
  await expect.poll(() => tileNames(page)).toEqual(['Site 01', 'Site 02', 'Site 03', 'Site 04', 'Site 05']);

  // Search, in English and Chinese.
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('site 07');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?q=site(%20|\+)07/);
  await expect.poll(() => tileNames(page)).toEqual(['Site 07']);
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('中文');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => tileNames(page)).toEqual(['Site 07']);
  await page.getByRole('combobox', { name: 'Search', exact: true }).fill('nothing like this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing matches “nothing like this”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'DuckDuckGo' })).toHaveAttribute(
    'href',
    'https://duckduckgo.com/?q=nothing%20like%20this',
  );
  await screenshot(page, info, 'search-nothing');

  // A social card's public page: its id to copy and its QR code.
  await page.goto('/?tag=__social_cards__');
  await page.getByRole('link', { name: /My WeChat/ }).click();
  await expect(page).toHaveURL(new RegExp(`/card/${social.id}$`));
  await expect(page.getByLabel('WeChat ID')).toHaveValue('wx_sakura');
  await expect(page.getByRole('img', { name: 'QR code for My WeChat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy' })).toHaveCount(jsEnabled(info) ? 1 : 0);
  await expectAccessible(page, info);
  await screenshot(page, info, 'card-social');

  // A note's page: Markdown rendered, raw HTML shown as text, the site link resolved.
  await page.goto('/?tag=__note_cards__');
  await page.getByRole('link', { name: /Reading list/ }).click();
  await expect(page.getByRole('heading', { name: 'Books' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Site 03' })).toHaveAttribute(
    'href',
    'https://site3.example.com',
  );
  await expect(page.locator('.markdown script')).toHaveCount(0);
  await expect(page.locator('.markdown')).toContainText('<script>alert(1)</script>');

  // Dark theme and a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.locator('[data-card-grid] > li').first()).toBeVisible();
  await screenshot(page, info, 'dashboard-dark-phone');
  await expectAccessible(page, info);
});

test('the owner reorders cards and tags, pins a card', async ({ page, context }, info) => {
  await signInAs(context, info);
  const tag = (await api(page.request, 'get', '/api/tags')).items.find(
    (t: { name: string }) => t.name === 'Reading',
  );
  await page.goto(`/?tag=${tag.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/edit=1/);
  await expectAccessible(page, info);
  await screenshot(page, info, 'dashboard-edit');
  await expect.poll(() => tileNames(page)).toEqual(['Site 01', 'Site 02', 'Site 03', 'Site 04', 'Site 05']);

  if (jsEnabled(info)) {
    // Drag the first card's handle onto the third card.
    const handle = page.locator(
      '#card-' +
        (await page.locator('[data-card-grid] > li').first().getAttribute('data-card-id')) +
        ' .drag-handle',
    );
    const target = page.locator('[data-card-grid] > li').nth(2);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/sites/reorder') && r.request().method() === 'POST',
    );
    await handle.hover();
    await page.mouse.down();
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
    await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    // The arrows follow the new order at once, as after a reload.
    await expect(page.getByRole('button', { name: 'Move Site 02 up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move Site 01 up' })).toBeEnabled();
    await page.reload();
    const names = await tileNames(page);
    expect(names[0]).toBe('Site 02');
    expect(names.indexOf('Site 01')).toBeGreaterThan(0);
  } else {
    await page.getByRole('button', { name: 'Move Site 01 down' }).click();
    await expect(page).toHaveURL(/edit=1/);
    await expect.poll(() => tileNames(page)).toEqual(['Site 02', 'Site 01', 'Site 03', 'Site 04', 'Site 05']);
    await page.getByRole('button', { name: 'Move Site 03 up' }).click();
    await expect.poll(() => tileNames(page)).toEqual(['Site 02', 'Site 03', 'Site 01', 'Site 04', 'Site 05']);
  }
  // The same order through the API, for everyone.
  const listed = (
    await api(page.request, 'get', `/api/navigation/cards?scope=tag&tagId=${tag.id}`)
  ).items.map((c: { name: string }) => c.name);
  expect(listed).toEqual(await tileNames(page));

  // Pin the last card: it moves to the front.
  await page.getByRole('button', { name: /^Pin / }).last().click();
  await expect(page.locator('[data-card-grid] > li').first()).toHaveAttribute('data-pinned', '1');
  await expect.poll(async () => (await tileNames(page))[0]).toBe('Site 05');

  // Move a tag with the arrows (both modes: these are plain forms).
  const rail = page.getByRole('navigation', { name: 'Tags' });
  const before = await rail.locator('.tag-name').allTextContents();
  const last = before[before.length - 1]!;
  await rail.getByRole('button', { name: `Move tag up: ${last}` }).click();
  // The arrow is a plain form post: wait for the reloaded page.
  await expect
    .poll(async () =>
      (await page.getByRole('navigation', { name: 'Tags' }).locator('.tag-name').allTextContents()).indexOf(
        last,
      ),
    )
    .toBe(before.indexOf(last) - 1);

  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).not.toHaveURL(/edit=1/);
});

test('the owner deletes a card from the dashboard and undoes it from the toast', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const tag = (await api(page.request, 'get', '/api/tags')).items.find(
    (t: { name: string }) => t.name === 'Reading',
  );
  await page.goto(`/?tag=${tag.id}&edit=1`);
  const before = await tileNames(page);
  const victim = before[1]!;
  // Undo takes a deletion back, so there is no confirmation page: the card goes at once.
  await page.getByRole('button', { name: `Delete ${victim}` }).click();

  // Back on the dashboard without the card, with an Undo toast.
  await expect(page).toHaveURL(new RegExp(`tag=${tag.id}`));
  expect(await tileNames(page)).not.toContain(victim);
  const toast = page.locator('[data-toast]');
  await expect(toast).toBeVisible();
  await screenshot(page, info, 'delete-undo-toast');
  await toast.getByRole('button', { name: 'Undo' }).click();

  // The card is back in its tag, in its place.
  await expect(page.locator('[data-toast]')).toContainText('Restored.');
  await expect.poll(() => tileNames(page)).toEqual(before);
  const listed = (
    await api(page.request, 'get', `/api/navigation/cards?scope=tag&tagId=${tag.id}`)
  ).items.map((c: { name: string }) => c.name);
  expect(listed).toEqual(before);
  await expectAccessible(page, info);
});
