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

// A 1x1 PNG: a QR code picture for the upload.
const QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('a WeChat card is saved without a QR picture, then gets one uploaded on its form', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const wechatId = `sakura-flows-${info.project.name}`;
  await page.goto('/edit/social/new?type=wechat');
  await waitForHydration(page, info);
  // Nothing typed: the message names what is missing.
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Enter the WeChat ID')).toBeVisible();
  await page.getByLabel('WeChat ID').fill(wechatId);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-toast]')).toContainText('Created');

  const res = await page.request.get('/api/social-cards');
  const cards = ((await res.json()) as { items: { id: string; payload: Record<string, string> }[] }).items;
  const card = cards.find((c) => c.payload.wechatId === wechatId)!;
  expect(card.payload.qrCodeUrl).toBeUndefined();

  await page.goto(`/edit/social/${card.id}`);
  await waitForHydration(page, info);
  await page
    .getByLabel('Or upload the QR code picture')
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: QR_PNG });
  await reviewPage(page, info, 'editor-social-qr-upload');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-toast]')).toContainText('Saved');

  await page.goto(`/card/${card.id}`);
  const qr = page.getByRole('img', { name: /^QR code for/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^\/api\/assets\/asset-[0-9a-f-]+\/file$/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});
