import { writeFile } from 'node:fs/promises';
import { expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';
import { sakuranavInstance } from '../fixtures/sakuranav-instance';

test.describe.configure({ mode: 'serial' });

const ALICE = 'user-11111111-1111-4111-8111-111111111111';

test('the administrator moves a SakuraNav instance here: a dry run, then the import of what it showed', async ({
  page,
  context,
}, info) => {
  test.slow();
  await signInAs(context, info);
  const file = info.outputPath('sakuranav.zip');
  await writeFile(
    file,
    await sakuranavInstance({
      users: [
        { id: '__admin__', username: 'oldboss', password: 'OldAdmin1', full: true },
        { id: ALICE, username: 'alice', password: 'AlicePw1', full: true },
      ],
      settings: { site_name: 'Old Nav' },
    }),
  );
  await page.goto('/admin/config');
  await waitForHydration(page, info);
  const panel = page.getByRole('region', { name: 'Move a SakuraNav instance here' });
  await expect(panel.getByLabel('Dry run: only show what would be imported')).toBeChecked();
  await panel.getByLabel('SakuraNav archive (.zip)').setInputFiles(file);
  await panel.getByRole('button', { name: 'Upload' }).click();
  const report = page.locator('#migration-report');
  await expect(report.getByRole('heading', { name: 'Preview (nothing has changed)' })).toBeVisible();
  await expect(report.getByRole('row', { name: /alice.*New account.*Old password works/ })).toBeVisible();
  await reviewPage(page, info, 'migration-preview');
  // Nothing changed yet: alice cannot sign in.
  const before = await page.request.post('/api/auth/login', {
    data: { username: 'alice', password: 'AlicePw1' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(before.status()).toBe(401);

  await waitForHydration(page, info);
  await report.getByLabel('I have checked the preview: import it').check();
  await report.getByRole('button', { name: 'Import these users' }).click();
  await expect(page.locator('#migration-report').getByRole('heading', { name: 'Imported' })).toBeVisible();
  const after = await page.request.post('/api/auth/login', {
    data: { username: 'alice', password: 'AlicePw1' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(after.status()).toBe(200);
});
