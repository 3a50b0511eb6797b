import type { Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectAccessible,
  jsEnabled,
  reviewPage,
  screenshot,
  test,
  waitForHydration,
} from './fixtures';

// Against this file's instance, whose administrator the instance fixture created (`boss` / `Secret123`).
test.describe.configure({ mode: 'serial' });

const USER = 'alice';
const PASSWORD = 'Wonder123';

async function openUserMenu(page: Page) {
  await page.locator('summary.user-chip').click();
}

async function signIn(page: Page, info: TestInfo, username: string, password: string) {
  await page.goto('/login');
  await waitForHydration(page, info);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page, info: TestInfo) {
  await waitForHydration(page, info);
  await openUserMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('a visitor registers, signs in, creates a token, signs out and signs in again', async ({
  page,
}, info) => {
  // The longest journey (screenshots in both themes and on a phone, accessibility checks): on a busy shared
  // machine it can take longer than the default minute with JavaScript on, on main too.
  test.slow();
  await page.goto('/login');
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await reviewPage(page, info, 'login', { phone: false });

  // Register (registration is open by default); a mismatch keeps the username.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/mode=register/);
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password', { exact: true }).fill('abc ');
  await page.getByLabel('Confirm password').fill('Wonder999');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Each broken rule on its own line.
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must not start or end with a space', { exact: true })).toBeVisible();
  // Passwords are never sent back into the page: type both again.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('Wonder999');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(USER);
  await expectAccessible(page, info);
  await screenshot(page, info, 'register-errors');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${USER}! Your account is ready.`)).toBeVisible();
  await expect(page.locator('summary.user-chip')).toContainText(USER);

  await signOut(page, info);

  // Sign in: a wrong password is refused without losing the username.
  await signIn(page, info, USER, 'Wrong1234');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(USER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Keep me signed in for 30 days').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('summary.user-chip')).toContainText(USER);

  // The profile page.
  await page.goto('/profile');
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: USER, level: 1 })).toBeVisible();
  await reviewPage(page, info, 'profile');
  // The same page in Chinese.
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: origin }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: '访问令牌' })).toBeVisible();
  await expect(page).toHaveTitle(/^个人资料 · /);
  await screenshot(page, info, 'profile-zh');
  await page.context().addCookies([{ name: 'lang', value: 'en', url: origin }]);
  await page.reload();
  await expect(page).toHaveTitle(/^Profile · /);
  await waitForHydration(page, info);

  // Upload an avatar picture (a multipart form, with or without JavaScript).
  await page.getByLabel('Avatar picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Avatar updated.')).toBeVisible();
  await expect(page.locator('.profile-hero img.avatar')).toHaveAttribute('src', /^\/api\/assets\/asset-/);
  await waitForHydration(page, info);

  // Create a token: its secret is shown once.
  await page.getByLabel('Token name').fill('CI script');
  await page.getByLabel('Expires').selectOption('30d');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token "CI script" created')).toBeVisible();
  const secret = await page.getByLabel('New access token').inputValue();
  expect(secret).toMatch(/^sak_[0-9a-f]{64}$/);
  const copy = page.getByRole('button', { name: 'Copy', exact: true });
  if (jsEnabled(info)) await expect(copy).toBeVisible();
  else await expect(copy).toBeHidden();
  await expectAccessible(page, info);
  await screenshot(page, info, 'profile-token-created');
  const tokenItem = page.getByRole('list', { name: 'Your access tokens' }).getByRole('listitem');
  await expect(tokenItem).toContainText('CI script');
  await expect(tokenItem).toContainText(`sak_…${secret.slice(-4)}`);

  const viaToken = await page.request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(viaToken.status()).toBe(200);
  expect((await viaToken.json()).username).toBe(USER);

  // Shown once: not after a reload.
  await page.goto('/profile');
  await expect(page.getByText('Token "CI script" created')).toHaveCount(0);
  await expect(page.getByLabel('New access token')).toHaveCount(0);

  // Sign out, sign in again; the token survived the sign-out.
  await signOut(page, info);
  expect((await page.request.get('/api/auth/session')).ok()).toBe(true);
  await signIn(page, info, USER, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('summary.user-chip')).toContainText(USER);
  const after = await page.request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(after.status()).toBe(200);

  // Pages that need more than a visitor or a user.
  const forbidden = await page.goto('/admin/users');
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('the administrator manages users and the registration toggle', async ({ page }, info) => {
  // A visitor is sent to sign in and brought back.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers$/);
  await waitForHydration(page, info);
  await page.getByLabel('Username').fill('boss');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`@${USER}`) });
  await expect(row).toBeVisible();
  await reviewPage(page, info, 'admin-users');

  // Make alice an admin, then a user again.
  await row.getByLabel(`Role of ${USER}`, { exact: true }).selectOption('admin');
  await row.getByRole('button', { name: `Save the role of ${USER}` }).click();
  await expect(page.getByText('Role saved.')).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(`@${USER}`) }).getByLabel(`Role of ${USER}`, { exact: true }),
  ).toHaveValue('admin');
  await waitForHydration(page, info);
  await page
    .getByRole('row', { name: new RegExp(`@${USER}`) })
    .getByLabel(`Role of ${USER}`, { exact: true })
    .selectOption('user');
  await page
    .getByRole('row', { name: new RegExp(`@${USER}`) })
    .getByRole('button', { name: `Save the role of ${USER}` })
    .click();
  await expect(page.getByText('Role saved.')).toBeVisible();

  // Close registration: the sign-in page no longer offers it; open it again.
  await page.getByRole('button', { name: 'Close registration' }).click();
  await expect(page.getByText('Registration is closed.')).toBeVisible();
  await page.goto('/login?mode=register');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
  await page.goto('/admin/users');
  await waitForHydration(page, info);
  await page.getByRole('button', { name: 'Open registration' }).click();
  await expect(page.getByText('Registration is open.')).toBeVisible();

  // Delete alice, with a confirmation step that works without JavaScript.
  await waitForHydration(page, info);
  await page.getByRole('link', { name: `Delete ${USER}` }).click();
  await expect(page.getByRole('heading', { name: `Delete ${USER}?` })).toBeVisible();
  await screenshot(page, info, 'admin-users-confirm');
  await page.getByRole('button', { name: `Delete ${USER}` }).click();
  await expect(page.getByText('User deleted with all their data.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`@${USER}`) })).toHaveCount(0);
});
