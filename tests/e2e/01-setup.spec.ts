import { expect, expectAccessible, reviewPage, screenshot, test, waitForHydration } from './fixtures';

// The first-run journey itself: this file's instance starts without an administrator (the other files get one
// from the instance fixture).
test.use({ firstRun: true });
test.describe.configure({ mode: 'serial' });

test('first run: setup page, create the admin, land on the dashboard', async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Welcome to Sakura Dash' })).toBeVisible();
  await reviewPage(page, info, 'setup', { phone: false });

  // A mismatch is reported next to the field, and the username is kept.
  await page.getByLabel('Administrator username').fill('boss');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret999');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Administrator username')).toHaveValue('boss');

  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('button', { name: /boss/ }).or(page.locator('summary.user-chip')),
  ).toBeVisible();
  await reviewPage(page, info, 'home', { phone: false });

  // Setup is closed now.
  await page.goto('/setup');
  await expect(page).toHaveURL(/\/$/);
});

test('theme and language switch without and with JavaScript', async ({ page }, info) => {
  await page.goto('/');
  await waitForHydration(page, info);
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('footer')).toContainText('自托管导航面板');
  await screenshot(page, info, 'home-dark-zh');
  // Back to English and the system theme for the journeys that follow.
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('details.prefs-menu > summary').click();
  await page.getByRole('button', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
});

test('unknown pages show a friendly 404', async ({ page }, info) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, info);
});
