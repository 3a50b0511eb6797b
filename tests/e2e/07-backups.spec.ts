import { api, expect, reviewPage, screenshot, signInAs, test, waitForHydration } from './fixtures';
import { ADMIN } from './instance';

test.describe.configure({ mode: 'serial' });

const tagNames = async (request: Parameters<typeof api>[0]) =>
  ((await api(request, 'get', '/api/tags')).items as { name: string }[]).map((t) => t.name);

test('the administrator switches backups on, backs up now, sees it listed and restores it with the password', async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, info);
  await api(page.request, 'post', '/api/tags', { name: 'Before the backup' });

  await page.goto('/admin/backups');
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await expect(page.locator('#backup-next-run')).toHaveText('Scheduled backups are off.');
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await schedule.getByLabel('Back up on a schedule').check();
  await schedule.getByLabel('Keep the newest').fill('5');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Backup schedule saved.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Schedule' }).getByLabel('Back up on a schedule'),
  ).toBeChecked();
  await expect(page.locator('#backup-next-run')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

  await waitForHydration(page, info);
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/Backup written: sakura-backup-\d{8}-\d{6}-manual\.zip/)).toBeVisible();
  const { lastRun } = await api(page.request, 'get', '/api/admin/backups');
  expect(lastRun).toMatchObject({ status: 'done', kind: 'manual' });
  const list = page.getByRole('region', { name: 'Stored backups' });
  await expect(list.getByText(lastRun.name)).toBeVisible();
  await expect(list.getByRole('link', { name: `Download ${lastRun.name}` })).toHaveAttribute(
    'href',
    `/api/admin/backups/${lastRun.name}`,
  );
  await expect(page.locator('#backup-last-run')).toContainText('Done');
  await reviewPage(page, info, 'backups');

  // Changed after the backup, then restored: the change is gone.
  await api(page.request, 'post', '/api/tags', { name: 'After the backup' });
  expect(await tagNames(page.request)).toContain('After the backup');
  await waitForHydration(page, info);
  const restore = page.getByRole('region', { name: 'Restore a backup' });
  await restore.getByLabel('Backup', { exact: true }).selectOption(lastRun.name);
  await restore.getByLabel('Your password').fill('wrong-password');
  await restore.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page.getByText('The confirmation password is wrong')).toBeVisible();
  expect(await tagNames(page.request)).toContain('After the backup');

  await waitForHydration(page, info);
  const again = page.getByRole('region', { name: 'Restore a backup' });
  await again.getByLabel('Backup', { exact: true }).selectOption(lastRun.name);
  await again.getByLabel('Your password').fill(ADMIN.password);
  await again.getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page.getByText(`Restored ${lastRun.name}`)).toBeVisible();
  const names = await tagNames(page.request);
  expect(names).toContain('Before the backup');
  expect(names).not.toContain('After the backup');

  // In Chinese, dark.
  await context.addCookies([{ name: 'lang', value: 'zh', url: new URL(page.url()).origin }]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { name: '备份', level: 1 })).toBeVisible();
  await screenshot(page, info, 'backups-dark-zh');
  await page.emulateMedia({ colorScheme: 'light' });
});
