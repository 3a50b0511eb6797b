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

/** Picks a language in the preferences menu (on a hydrated page the menu stays open after a choice). */
async function chooseLanguage(page: Page, name: string) {
  const menu = page.locator('details.prefs-menu');
  if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) await menu.locator('> summary').click();
  await page.getByRole('button', { name }).click();
}

test('with registration closed, /register says so instead of silently showing the sign-in form', async ({
  page,
  context,
}, info) => {
  // Screenshots in both themes and on a phone, an accessibility scan and two language switches.
  test.slow();
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
    await chooseLanguage(page, '简体中文');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByText('本站已关闭注册', { exact: false })).toBeVisible();
    await waitForHydration(page, info);
    await chooseLanguage(page, 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
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
  // Visible before it has loaded on a busy machine: the decoded picture's width once it has.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('the administrator exports, imports and (with the password) resets the configuration on a page', async ({
  page,
  context,
}, info) => {
  // An import takes a snapshot of every account first, which may take a while on a busy machine.
  test.setTimeout(600_000);
  await signInAs(context, info);
  await page.goto('/');
  await page.locator('summary.user-chip').click();
  await page.getByRole('link', { name: 'Configuration' }).click({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Instance configuration', level: 1 })).toBeVisible();
  await waitForHydration(page, info);
  await reviewPage(page, info, 'admin-config');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download configuration ZIP' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = info.outputPath('config.zip');
  await download.saveAs(file);

  // Import it back, adding only what is missing (nothing): the page reports what it did.
  // (The section below it, which moves a SakuraNav instance here, has a choice of the same name.)
  const importing = page.getByRole('region', { name: 'Import' });
  await importing.getByLabel('Add: keep what exists', { exact: false }).check();
  await importing.getByLabel('I understand this changes the data of every account in the archive').check();
  await importing.getByLabel('Configuration archive').setInputFiles(file);
  await importing.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^Imported (1 account|\d+ accounts): \d+ cards and \d+ tags\.$/)).toBeVisible({
    timeout: 300_000,
  });

  // The reset asks for the administrator's password; a wrong one changes nothing and says so.
  await waitForHydration(page, info);
  await page.getByLabel('Your password').fill('not-the-password');
  await page.getByRole('button', { name: 'Reset all data and settings' }).click();
  await expect(page.getByText('The confirmation password is wrong')).toBeVisible();
  await reviewPage(page, info, 'admin-config-error', { phone: false });
});
