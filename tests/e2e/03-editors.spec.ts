// Editor pages, with JavaScript off (plain form posts, list rows added by the server) and on (conform in the
// browser): tags, site cards with every section, social cards via the type picker, notes with preview and a
// link to a site, delete confirmations. Results are checked in the forms and through the JSON API.
import type { Page } from '@playwright/test';
import {
  expect,
  jsEnabled,
  openPage,
  reviewPage,
  screenshot,
  signInAs,
  test,
  waitForHydration,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

const TAG = 'Editor journeys';
const SITE = 'Journey Site';
const NOTE = 'Journey Note';

interface Item {
  id: string;
  name: string;
  [key: string]: unknown;
}

async function items(page: Page, path: string): Promise<Item[]> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
}

async function findTag(page: Page, name: string) {
  return (await items(page, '/api/tags')).find((t) => t.name === name);
}

async function findCard(page: Page, name: string) {
  return (await items(page, '/api/site-cards')).find((c) => c.name === name);
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-toast]')).toContainText(text);
}

test.beforeEach(async ({ context }, info) => {
  await signInAs(context, info);
});

test('tags: validation keeps what was typed; create, then edit', async ({ page }, info) => {
  await openPage(page, info, '/edit/tags/new');
  await expect(page.getByRole('heading', { name: 'New tag' })).toBeVisible();
  await reviewPage(page, info, 'editor-tag-new');

  await page.getByLabel('Logo URL').fill('javascript:alert(1)');
  await page.getByLabel('Description').fill('Sites used by the editor journeys');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Tag name is required')).toBeVisible();
  await expect(page.getByText('Use an http(s) image address or an uploaded picture')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Sites used by the editor journeys');
  await expect(page.getByLabel('Logo URL')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill(TAG);
  await page.getByLabel('Logo URL').fill('');
  await page.getByLabel('Logo background colour').fill('#4f46e5');
  await page.getByLabel('Hidden from visitors').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Created “${TAG}”.`);
  const tag = await findTag(page, TAG);
  expect(tag).toMatchObject({
    description: 'Sites used by the editor journeys',
    logoBgColor: '#4f46e5',
    logoUrl: null,
    isHidden: true,
  });

  // Edit: the form shows the stored values; an unticked box is saved as false.
  await openPage(page, info, `/edit/tags/${tag!.id}`);
  await expect(page.getByLabel('Name')).toHaveValue(TAG);
  await expect(page.getByLabel('Hidden from visitors')).toBeChecked();
  await reviewPage(page, info, 'editor-tag-edit');
  await page.getByLabel('Hidden from visitors').uncheck();
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Saved “${TAG}”.`);
  expect(await findTag(page, TAG)).toMatchObject({ isHidden: false, description: null });

  // Every form post needs the CSRF token of the page.
  expect((await page.request.post('/edit/tags/new', { form: { name: 'Forged' } })).status()).toBe(403);
  expect(await findTag(page, 'Forged')).toBeUndefined();

  // A duplicate name is refused next to the field.
  await openPage(page, info, '/edit/tags/new');
  await page.getByLabel('Name').fill(TAG);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('A tag with this name already exists')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(TAG);
});

test('site card: every section, rows added with list buttons, errors keep the values; then edit', async ({
  page,
}, info) => {
  const tag = await findTag(page, TAG);
  await openPage(page, info, `/edit/sites/new?tag=${tag!.id}&returnTo=/`);
  await expect(page.getByRole('heading', { name: 'New site card' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: TAG })).toBeChecked();
  await expect(page.getByLabel('Notify me when it goes offline')).toBeChecked();

  await page.getByLabel('Name', { exact: true }).fill(SITE);
  await page.getByLabel('URL', { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel('Description').fill('A site made by the journey');
  // Rows are added by submit buttons (conform list intents): the server adds them when JavaScript is off.
  await page.getByRole('button', { name: 'Add URL' }).click();
  await page.getByLabel('Alternate URL 1', { exact: true }).fill('https://mirror.example.com');
  await page.getByLabel('Label', { exact: true }).fill('Mirror');
  await page.getByRole('button', { name: 'Add todo' }).click();
  await page.getByLabel('Todo 1', { exact: true }).fill('Check the mirror');
  await page.getByRole('button', { name: 'Add todo' }).click();
  await page.getByLabel('Todo 2', { exact: true }).fill('Throw this one away');
  await page.getByRole('button', { name: 'Remove todo 2' }).click();
  await expect(page.getByLabel('Todo 2', { exact: true })).toHaveCount(0);
  await page.getByLabel('Notes', { exact: true }).fill('Memo written in the editor');
  await page.getByLabel('Timeout (seconds)').fill('7');
  await page.getByRole('button', { name: 'Create' }).click();

  // The bad URL is reported next to its field and at the top of the form; nothing typed is lost.
  await expect(page.locator('.field-error', { hasText: 'This kind of URL is not allowed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basics: This kind of URL is not allowed' })).toHaveAttribute(
    'href',
    '#site-form-siteUrl',
  );
  await expect(page.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SITE);
  await expect(page.getByLabel('Alternate URL 1', { exact: true })).toHaveValue('https://mirror.example.com');
  await expect(page.getByLabel('Todo 1', { exact: true })).toHaveValue('Check the mirror');
  await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Memo written in the editor');
  await expect(page.getByRole('checkbox', { name: TAG })).toBeChecked();
  await reviewPage(page, info, 'editor-site-new-errors');

  await page.getByLabel('URL', { exact: true }).fill('https://journey.example.com');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Created “${SITE}”.`);

  const site = await findCard(page, SITE);
  expect(site).toMatchObject({
    siteUrl: 'https://journey.example.com',
    siteDescription: 'A site made by the journey',
    siteNotes: 'Memo written in the editor',
    siteOnlineCheckTimeout: 7,
    siteOfflineNotify: true,
    siteAccessRules: { urls: [{ url: 'https://mirror.example.com', label: 'Mirror' }] },
    siteTodos: [{ text: 'Check the mirror', completed: false }],
  });
  expect((site!.tags as { id: string }[]).map((t) => t.id)).toEqual([tag!.id]);

  // Edit: tick the todo, drop the alternate URL, relate another site, unpin notifications.
  await openPage(page, info, `/edit/sites/${site!.id}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SITE);
  await expect(page.getByLabel('Alternate URL 1', { exact: true })).toHaveValue('https://mirror.example.com');
  await expect(page.getByText(`sakura-site://${site!.id}`)).toBeVisible();
  await reviewPage(page, info, 'editor-site-edit');
  await page.getByLabel('Todo 1 done').check();
  await page.getByRole('button', { name: 'Remove alternate URL 1' }).click();
  await expect(page.getByLabel('Alternate URL 1', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add related site' }).click();
  await page.getByLabel('Related site 1', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Why (optional)').fill('Same topic');
  await page.getByLabel('Notify me when it goes offline').uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Saved “${SITE}”.`);

  const edited = await findCard(page, SITE);
  expect(edited).toMatchObject({
    siteAccessRules: null,
    siteOfflineNotify: false,
    siteTodos: [{ text: 'Check the mirror', completed: true }],
    siteRelatedSites: [{ enabled: true, reason: 'Same topic', source: 'manual' }],
  });
});

test('social card: pick the type, then fill the form for it', async ({ page }, info) => {
  await openPage(page, info, '/edit/social/new');
  await expect(page.getByRole('heading', { name: 'New social card' })).toBeVisible();
  await expect(page.locator('.type-tile')).toHaveCount(12);
  await reviewPage(page, info, 'editor-social-picker');

  await page.getByRole('link', { name: /WeChat\s*Shows a detail page/ }).click();
  await expect(page).toHaveURL(/type=wechat/);
  await waitForHydration(page, info);
  await expect(page.getByLabel('WeChat ID')).toBeVisible();
  await page.getByLabel('QR code image URL').fill('/favicon.svg');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Enter the WeChat ID')).toBeVisible();
  await expect(page.getByLabel('QR code image URL')).toHaveValue('/favicon.svg');
  await reviewPage(page, info, 'editor-social-new');

  await page.getByLabel('WeChat ID').fill('sakura-journey');
  await page.getByLabel('Hint').fill('Say hi!');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Created “WeChat”.');

  const social = (await items(page, '/api/social-cards')).find(
    (c) => (c.payload as { wechatId?: string }).wechatId === 'sakura-journey',
  );
  expect(social).toMatchObject({
    cardType: 'wechat',
    hint: 'Say hi!',
    iconBgColor: '#07C160',
    payload: { type: 'wechat', wechatId: 'sakura-journey', qrCodeUrl: '/favicon.svg' },
  });

  await openPage(page, info, `/edit/social/${social!.id}`);
  await expect(page.getByLabel('WeChat ID')).toHaveValue('sakura-journey');
  await reviewPage(page, info, 'editor-social-edit');
  await page.getByLabel('Label').fill('Journey WeChat');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Saved “Journey WeChat”.');
});

test('note: preview, a sakura-site link, and the todo it keeps on the site', async ({ page }, info) => {
  const site = await findCard(page, SITE);
  await openPage(page, info, '/edit/notes/new');
  await expect(page.getByRole('heading', { name: 'New note' })).toBeVisible();
  await expect(page.getByText('sakura-site://<cardId>')).toBeVisible();

  // An empty note is refused.
  await page.getByLabel('Title (optional)').fill(NOTE);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Please write the note')).toBeVisible();
  await expect(page.getByLabel('Title (optional)')).toHaveValue(NOTE);

  const text = `# Plan\n\nRead [${SITE}](sakura-site://${site!.id}) **today**.`;
  await page.getByLabel('Text', { exact: true }).fill(text);
  const preview = page.locator('.note-preview');
  if (jsEnabled(info)) {
    // Live preview, rendered in the browser; no Preview button needed.
    await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  } else {
    // The server draws the page again with the preview; nothing is saved.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(text);
    await expect(page.getByLabel('Title (optional)')).toHaveValue(NOTE);
  }
  await expect(preview.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('today');
  await expect(preview.getByRole('link', { name: SITE })).toHaveAttribute(
    'href',
    'https://journey.example.com',
  );
  expect((await items(page, '/api/note-cards')).some((n) => n.title === NOTE)).toBe(false);
  await reviewPage(page, info, 'editor-note-new');

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Created “${NOTE}”.`);
  const note = (await items(page, '/api/note-cards')).find((n) => n.title === NOTE);
  expect(note).toBeTruthy();

  // The linked site now has a todo that follows the note: shown read-only, with a link to the note.
  await openPage(page, info, `/edit/sites/${site!.id}`);
  const noteTodo = page.locator('.editor-todo-note');
  await expect(noteTodo).toContainText(NOTE);
  await expect(noteTodo.getByRole('link', { name: 'From a note' })).toHaveAttribute(
    'href',
    new RegExp(`^/edit/notes/${note!.id}\\?returnTo=`),
  );
  await expect(noteTodo.locator('input[type="text"]')).toHaveCount(0);
  await noteTodo.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  const todos = (await findCard(page, SITE))!.siteTodos as {
    text: string;
    completed: boolean;
    noteId?: string;
  }[];
  expect(todos).toEqual([
    expect.objectContaining({ text: 'Check the mirror', completed: true }),
    expect.objectContaining({ text: NOTE, completed: true, noteId: note!.id }),
  ]);

  // The note's editor shows what was saved.
  await openPage(page, info, `/edit/notes/${note!.id}`);
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue(text);
  await reviewPage(page, info, 'editor-note-edit');
  if (jsEnabled(info)) {
    // With JavaScript, a picker writes the link to a site card.
    await page.getByLabel('Link a site card').selectOption({ label: SITE });
    await page.getByRole('button', { name: 'Insert link' }).click();
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(
      `${text}\n[${SITE}](sakura-site://${site!.id})`,
    );
    await expect(page.locator('.note-preview').getByRole('link', { name: SITE })).toHaveCount(2);
  }
});

test('delete a card from its editor at once, with Undo in the toast; unknown ids are 404', async ({
  page,
}, info) => {
  const social = (await items(page, '/api/social-cards')).find((c) => c.label === 'Journey WeChat');
  await openPage(page, info, `/edit/social/${social!.id}`);
  await page.getByRole('button', { name: 'Delete card' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Deleted “Journey WeChat”.');
  await expect(page.locator('[data-toast]').getByRole('button', { name: 'Undo' })).toBeVisible();
  expect((await items(page, '/api/social-cards')).some((c) => c.id === social!.id)).toBe(false);

  for (const url of ['/edit/sites/no-such-card', `/edit/notes/${social!.id}`, '/edit/cards/nope/delete']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  // A site card's id on the note editor is not a note.
  const site = await findCard(page, SITE);
  expect((await page.goto(`/edit/notes/${site!.id}`))?.status()).toBe(404);
});

test('delete a tag but keep its cards', async ({ page }, info) => {
  const tag = await findTag(page, TAG);
  await openPage(page, info, `/edit/tags/${tag!.id}/delete`);
  await expect(page.getByRole('heading', { name: `Delete the tag “${TAG}”?` })).toBeVisible();
  await expect(page.getByLabel('Delete the tag only, keep its cards')).toBeChecked();
  await reviewPage(page, info, 'editor-tag-delete');
  await page.getByRole('button', { name: 'Delete tag' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, `Deleted the tag “${TAG}”. Its cards were kept.`);
  expect(await findTag(page, TAG)).toBeUndefined();
  const site = await findCard(page, SITE);
  expect(site).toBeTruthy();
  expect(site!.tags).toEqual([]);
});

test('Chinese editor pages', async ({ page, context, baseURL }, info) => {
  await context.addCookies([{ name: 'lang', value: 'zh', url: String(baseURL) }]);
  await openPage(page, info, '/edit/sites/new');
  await expect(page.getByRole('heading', { name: '新建网站卡片' })).toBeVisible();
  await page.getByLabel('名称', { exact: true }).fill('中文站点');
  await page.getByLabel('网址', { exact: true }).fill('javascript:void(0)');
  await page.getByRole('button', { name: '创建' }).click();
  await expect(page.locator('.field-error', { hasText: '不允许使用这种网址' })).toBeVisible();
  await expect(page.getByText('有 1 处需要修改：')).toBeVisible();
  await expect(page.getByLabel('名称', { exact: true })).toHaveValue('中文站点');
  await screenshot(page, info, 'editor-site-zh');
});
