import type { Page, TestInfo } from '@playwright/test';
import { expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';

// Flows a new user found broken (issue 26): each journey here failed before its fix. Runs after 01-setup.
test.describe.configure({ mode: 'serial' });

/** Opens or closes registration from the admin's users page (signed in as the admin). */
async function setRegistration(page: Page, info: TestInfo, open: boolean) {
  await page.goto('/admin/users');
  await waitForHydration(page, info);
  await page.getByRole('button', { name: open ? 'Open registration' : 'Close registration' }).click();
  await expect(page.getByText(open ? 'Registration is open.' : 'Registration is closed.')).toBeVisible();
}

test('with registration closed, /register says so instead of silently showing the sign-in form', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  await setRegistration(page, info, false);
  try {
    await context.clearCookies();
    await page.goto('/register');
    await waitForHydration(page, info);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Registration is closed on this site.', { exact: false })).toBeVisible();
    await reviewPage(page, info, 'register-closed');
    // In Chinese too.
    await page.goto('/register');
    await page.locator('details.prefs-menu > summary').click();
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect(page.getByText('本站已关闭注册', { exact: false })).toBeVisible();
    await page.locator('details.prefs-menu > summary').click();
    await page.getByRole('button', { name: 'English' }).click();
    // The plain sign-in page says nothing about it.
    await page.goto('/login');
    await expect(page.getByText('Registration is closed on this site.', { exact: false })).toHaveCount(0);
  } finally {
    await signInAs(context, info);
    await setRegistration(page, info, true);
  }
});
