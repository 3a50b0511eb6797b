// The pages as a new user finds them (issue "The pages as a new user finds them", items 8, 12, 13 and 17): system
// texts follow the reader's language, AI is offered only when it is set up, the dead-links view agrees with the
// card menus, and the bookmark import and a few forms say and do what one expects.
import { startStandIn, siteHandler } from '../servers/http-server';
import { api, expect, reviewPage, signInAs, test, waitForHydration } from './fixtures';

test.describe.configure({ mode: 'serial' });

/** Chinese characters in the page's text (what the English interface must not show of its own). */
const HAN = /[\u4e00-\u9fff]/;

test('sign-in providers are named in the reader’s language, each with its own hint', async ({
  page,
  context,
  browser,
  baseURL,
}, info) => {
  await signInAs(context, info);
  await api(page.request, 'put', '/api/admin/oauth', {
    configs: { wechat: { enabled: true, appId: 'wx-app', appSecret: 'wx-secret' } },
    baseUrl: baseURL,
  });

  // A visitor's sign-in page: the provider in English, and no "Sign in" button leading to the page itself.
  const visitor = await browser.newContext({ baseURL });
  const login = await visitor.newPage();
  await login.goto('/login');
  await expect(login.getByRole('link', { name: 'Continue with WeChat' })).toBeVisible();
  await expect(login.locator('header').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(await login.locator('main').innerText()).not.toMatch(HAN);
  await visitor.addCookies([{ name: 'lang', value: 'zh', url: String(baseURL) }]);
  await login.goto('/login');
  await expect(login.getByRole('link', { name: '使用微信登录' })).toBeVisible();
  await visitor.close();

  await page.goto('/admin/oauth');
  const wechat = page.locator('#provider-wechat');
  await expect(wechat.getByRole('heading', { name: 'WeChat' })).toBeVisible();
  await expect(wechat.getByText('api.weixin.qq.com')).toBeVisible();
  await expect(wechat.getByText('GitHub Enterprise')).toHaveCount(0);
  await expect(page.locator('#provider-github').getByText('GitHub Enterprise Server')).toBeVisible();
  for (const name of ['WeCom', 'Feishu', 'DingTalk']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  expect(await page.locator('main').innerText()).not.toMatch(HAN);
  await reviewPage(page, info, 'admin-oauth');
  await api(page.request, 'put', '/api/admin/oauth', { configs: { wechat: { enabled: false } } });
});

test('floating buttons and social cards keep no default name of one language', async ({
  page,
  context,
  baseURL,
}, info) => {
  await signInAs(context, info);
  // An older version stored the built-in names in Chinese: they are recognised as the defaults.
  await api(page.request, 'put', '/api/floating-buttons', {
    buttons: [
      { id: 'scroll-top', label: '回到顶部', enabled: true },
      { id: 'quick-search', label: '快速搜索', enabled: true },
      { id: 'snapshot-history', label: '版本历史', enabled: true },
      { id: 'feedback', label: 'Ask us', enabled: true, customData: { url: 'https://example.com/help' } },
    ],
  });
  const buttons = (await api(page.request, 'get', '/api/floating-buttons')) as {
    id: string;
    label: string;
  }[];
  expect(buttons.map((b) => b.label)).toEqual(['', '', '', 'Ask us']);
  await page.goto('/');
  await expect(page.locator('[data-floating="scroll-top"]')).toHaveAttribute('aria-label', 'Back to top');
  await expect(page.locator('[data-floating="feedback"]')).toHaveAttribute('aria-label', 'Ask us');

  await page.goto('/settings/appearance#floating-buttons');
  const label = page.locator('#fb-scroll-top-label');
  await expect(label).toHaveValue('');
  await expect(label).toHaveAttribute('placeholder', 'Back to top');
  expect(await page.locator('#floating-buttons').innerText()).not.toMatch(HAN);
  await reviewPage(page, info, 'floating-buttons');

  const telegram = (
    await api(page.request, 'post', '/api/social-cards', {
      cardType: 'telegram',
      payload: { url: 'https://t.me/example' },
    })
  ).item;
  await page.goto(`/edit/social/${telegram.id}`);
  await waitForHydration(page, info);
  const name = page.getByLabel('Label', { exact: true });
  await expect(name).toHaveValue('');
  expect(await page.locator('main').innerText()).not.toMatch(HAN);
  await page.getByRole('button', { name: /^Save/ }).first().click();
  await expect(page.locator('[data-toast]')).toContainText('Telegram channel');

  await context.addCookies([{ name: 'lang', value: 'zh', url: String(baseURL) }]);
  await page.goto('/');
  await expect(page.locator('[data-floating="scroll-top"]')).toHaveAttribute('aria-label', '回到顶部');
  await expect(page.locator('[data-floating="feedback"]')).toHaveAttribute('aria-label', 'Ask us');
  await context.addCookies([{ name: 'lang', value: 'en', url: String(baseURL) }]);
});

test('automatic snapshots are named in the reader’s language; the label field empties after a snapshot', async ({
  page,
  context,
  baseURL,
}, info) => {
  await signInAs(context, info);
  const imported = await api(page.request, 'post', '/api/site-cards/batch', {
    items: [{ name: 'Snapshot me', url: `https://snap-${info.project.name}.example/` }],
  });
  expect(imported.snapshotId).toBeTruthy();

  await page.goto('/settings/history');
  await waitForHydration(page, info);
  const auto = page.locator(`[data-snapshot="${imported.snapshotId}"]`);
  await expect(auto.locator('.snapshot-label')).toHaveText('Before a bookmark import');

  await page.getByLabel('Label (optional)').fill('Mine');
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await expect(page.locator('.snapshot-label').first()).toHaveText('Mine');
  await expect(page.getByLabel('Label (optional)')).toHaveValue('');

  await context.addCookies([{ name: 'lang', value: 'zh', url: String(baseURL) }]);
  await page.goto('/settings/history');
  await expect(auto.locator('.snapshot-label')).toHaveText('导入书签之前');
  expect(await page.locator('main').innerText()).not.toMatch(/auto: before/);
  await reviewPage(page, info, 'history-zh');
  await context.addCookies([{ name: 'lang', value: 'en', url: String(baseURL) }]);
});

test('a site that is down shows in the dead links as in its menu, before it counts as offline', async ({
  page,
  context,
}, info) => {
  const site = await startStandIn(siteHandler());
  const url = `${site.url}/ok`;
  await site.close(); // down from the start: its port refuses connections
  await signInAs(context, info);
  await api(page.request, 'put', '/api/settings', { outboundAllowPrivate: true });
  const name = `Down site ${info.project.name}`;
  const card = (
    await api(page.request, 'post', '/api/site-cards', {
      name,
      siteUrl: url,
      siteOnlineCheckFailThreshold: 3,
      siteOnlineCheckTimeout: 2,
    })
  ).item;
  const checked = await api(page.request, 'post', '/api/site-cards/check-online-single', { cardId: card.id });
  expect(checked.online).toBe(false);

  // The card's menu shows the failed check and says what it means...
  await page.goto(`/card/${card.id}`);
  await expect(page.locator('.card-menu-checks .is-down').first()).toBeVisible();
  await expect(page.locator('[data-online-status]')).toHaveAttribute('data-online-status', 'failing');
  await expect(page.locator('[data-online-status]')).toContainText('Not answering');

  // ...and the dead-links view lists it, with the same state on its tile.
  await page.goto('/?status=offline');
  const tile = page.locator('[data-card-grid] > li').filter({ hasText: name });
  await expect(tile).toHaveCount(1);
  await expect(tile.locator('[data-status]')).toHaveAttribute('data-status', 'failing');
  await expect(page.getByText('Every checked site answered its last check.')).toHaveCount(0);
  await reviewPage(page, info, 'dead-links');
  await api(page.request, 'put', '/api/site-cards', { id: card.id, siteSkipOnlineCheck: true });
});

test('a bookmark import counts what was unticked, keeps nested folders and links to what it added', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  const p = info.project.name;
  await api(page.request, 'post', '/api/site-cards', {
    name: 'Known',
    siteUrl: `https://known-${p}.example/`,
  });
  const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><H3>Work</H3>
  <DL><p>
    <DT><H3>Tools</H3>
    <DL><p>
      <DT><A HREF="https://tool-${p}.example/">Tool</A>
    </DL><p>
    <DT><A HREF="https://known-${p}.example/">Known again</A>
    <DT><A HREF="javascript:void(0)">Bookmarklet</A>
  </DL><p>
</DL><p>`;
  await page.goto('/bookmarks');
  await waitForHydration(page, info);
  await page.getByLabel('Bookmark file').setInputFiles({
    name: 'bookmarks.html',
    mimeType: 'text/html',
    buffer: Buffer.from(html),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.locator('[data-preview-summary]')).toHaveText(
    '2 bookmarks found. 1 duplicate is unticked. 1 link that is not a web address was left out.',
  );
  await waitForHydration(page, info);
  await expect(page.getByText('Work / Tools', { exact: true })).toBeVisible();
  await reviewPage(page, info, 'bookmark-preview');
  await page.getByLabel('and in a new tag').fill(`Batch ${p}`);
  await page.getByRole('button', { name: 'Import the ticked bookmarks' }).click();
  await expect(page.getByText('Imported 1 bookmark (1 skipped).')).toBeVisible();

  const tags = (await api(page.request, 'get', '/api/tags')) as { items?: unknown[] } | unknown[];
  const list = (Array.isArray(tags) ? tags : (tags.items ?? [])) as { id: string; name: string }[];
  expect(list.map((t) => t.name)).toContain('Work / Tools');
  const batch = list.find((t) => t.name === `Batch ${p}`)!;
  const link = page.getByRole('link', { name: 'Show them on the dashboard' });
  await expect(link).toHaveAttribute('href', `/?tag=${encodeURIComponent(batch.id)}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`tag=${batch.id}`));
  await expect(page.locator('[data-card-grid] > li').filter({ hasText: 'Tool' })).toHaveCount(1);
});

test('AI is offered only when a provider is set, and says so at once when not', async ({
  page,
  context,
}, info) => {
  await signInAs(context, info);
  await page.goto('/');
  await expect(page.locator('[data-ask-ai]')).toHaveCount(0);
  await page.goto('/ai?q=anything');
  await expect(page.locator('[data-ai-off]')).toContainText('AI is not configured yet');
  await expect(page.getByRole('button', { name: 'Ask' })).toBeDisabled();
  await reviewPage(page, info, 'ai-off');

  await api(page.request, 'put', '/api/settings', {
    aiApiKey: 'sk-e2e-123456789',
    aiBaseUrl: 'http://127.0.0.1:9/v1',
    aiModel: 'e2e-model',
  });
  await page.goto('/');
  await expect(page.locator('[data-ask-ai]')).toBeVisible();
  await page.goto('/ai');
  await expect(page.locator('[data-ai-off]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ask' })).toBeEnabled();
  await api(page.request, 'put', '/api/settings', { aiApiKey: '', aiBaseUrl: '', aiModel: '' });
});

test('deleting one’s account leaves no #danger in the address', async ({ page, context }, info) => {
  const username = `leaver${info.project.name.replace(/\W/g, '')}`;
  const password = 'Secret123';
  const reg = await page.request.post('/api/auth/register', {
    data: { username, password, confirmPassword: password },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await context.clearCookies();
  await page.goto('/login');
  await waitForHydration(page, info);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('summary.user-chip')).toBeVisible();

  await page.goto('/profile');
  await waitForHydration(page, info);
  await page.getByLabel(`Type your username (${username}) to confirm`).fill(username);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account and all its data were deleted.')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(new URL(page.url()).pathname).toBe('/');
});
