// Files as people use them, with JavaScript off (plain multipart forms) and on (uploads with progress through the
// API): a wallpaper per theme on the appearance page, seen applied in both themes; a picture and an attachment
// on a note. Screenshots in both themes at desktop and phone sizes.
import { deflateSync, crc32 } from 'node:zlib';
import type { Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectAccessible,
  jsEnabled,
  openPage,
  reviewPage,
  signInAs,
  test,
  waitForHydration,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

/** A w×h PNG filled with a diagonal gradient between two colours (a wallpaper one can see in a screenshot). */
function gradientPng(w: number, h: number, from: number[], to: number[]): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      for (let c = 0; c < 3; c++)
        raw[y * (w * 3 + 1) + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), body])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function scheme(page: Page, colorScheme: 'light' | 'dark') {
  // Without motion the colours change at once (the stylesheet drops its transitions): the next screenshot shows the
  // scheme, with or without JavaScript, with no wait.
  await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
}

/** Light and dark screenshots at 1366×900 and at phone width. */
const shots = (page: Page, info: TestInfo, name: string) =>
  reviewPage(page, info, name, { desktop: { width: 1366, height: 900 } });

test.beforeEach(async ({ context }, info) => {
  await signInAs(context, info);
});

test('appearance: a wallpaper for each theme, applied in both themes', async ({ page }, info) => {
  // Four full-page reviews with accessibility scans: 45 s of the default 60 s on a loaded CI machine.
  test.slow();
  // Reachable from the header's user menu, also on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, info, '/');
  await page.locator('summary.user-chip').click();
  await page.getByRole('link', { name: 'Appearance' }).click();
  await expect(page).toHaveURL(/\/settings\/appearance$/);
  await page.setViewportSize({ width: 1280, height: 720 });
  await waitForHydration(page, info);
  await expect(page.getByRole('heading', { name: 'Appearance', level: 1 })).toBeVisible();

  const wallpapers = {
    light: gradientPng(320, 180, [255, 214, 226], [255, 246, 200]),
    dark: gradientPng(320, 180, [20, 24, 70], [90, 20, 80]),
  };
  const ids: Record<string, string> = {};
  for (const theme of ['light', 'dark'] as const) {
    const panel = page.locator(`#theme-${theme}`);
    const slot = panel.locator('.picture-slot').first();
    await slot.getByLabel('Desktop wallpaper').setInputFiles({
      name: `${theme}.png`,
      mimeType: 'image/png',
      buffer: wallpapers[theme],
    });
    if (jsEnabled(info)) await expect(slot.locator('.picture-preview img')).toHaveAttribute('src', /^blob:/);
    await slot.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Picture saved.')).toBeVisible();
    const img = page.locator(`#theme-${theme} .picture-slot`).first().locator('.picture-preview img');
    await expect(img).toHaveAttribute('src', /^\/api\/assets\/asset-/);
    ids[theme] = (await img.getAttribute('src'))!;
  }
  expect(ids.light).not.toBe(ids.dark);

  // The page's own background shows the theme's wallpaper, light and dark.
  await scheme(page, 'light');
  await expect(page.locator('body')).toHaveCSS('background-image', new RegExp(ids.light!));
  await scheme(page, 'dark');
  await expect(page.locator('body')).toHaveCSS('background-image', new RegExp(ids.dark!));
  await scheme(page, 'light');

  // Fonts and colours of the light theme.
  const light = page.locator('#theme-light');
  await light.getByLabel('Font', { exact: true }).selectOption('serif');
  await light.getByLabel('Wallpaper overlay (%)').fill('55');
  await light.getByRole('button', { name: 'Save Light theme' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('font-family', /Georgia/);
  await expectAccessible(page, info);
  await shots(page, info, 'settings-appearance');

  await openPage(page, info, '/');
  await expect(page.locator('body')).toHaveCSS('background-image', new RegExp(ids.light!));
  await expect(page.locator('[data-floating="scroll-top"]')).toBeVisible();
  await shots(page, info, 'home-wallpaper');

  // On a phone the buttons fold behind one toggle (a checkbox: it works without JavaScript too).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('[data-floating="scroll-top"]')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Show page shortcuts' }).check();
  await expect(page.locator('[data-floating="snapshot-history"]')).toBeVisible();
  await shots(page, info, 'home-floating-open-phone');
  await page.locator('[data-floating="snapshot-history"]').click();
  await expect(page).toHaveURL(/\/settings\/history$/);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('site settings: name and favicon', async ({ page }, info) => {
  await openPage(page, info, '/settings/site');
  await expect(page.getByRole('heading', { name: 'Site settings', level: 1 })).toBeVisible();
  const favicon = page.locator('#pictures .picture-slot').nth(2);
  await favicon.getByLabel('Favicon').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: gradientPng(32, 32, [224, 69, 123], [255, 143, 177]),
  });
  await favicon.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Picture saved.')).toBeVisible();
  await expect(page.locator('head link[rel="icon"][href^="/api/assets/"]')).toHaveCount(1);
  await expectAccessible(page, info);
  await shots(page, info, 'settings-site');
});

test('note: a picture in the text and an attachment', async ({ page }, info) => {
  const title = `Files note ${info.project.name}`;
  await openPage(page, info, '/edit/notes/new');
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByLabel('Text', { exact: true }).fill('Holiday plans');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/$/);
  const notes = (await (await page.request.get('/api/note-cards')).json()) as {
    items: { id: string; title: string; content: string }[];
  };
  const note = notes.items.find((n) => n.title === title)!;
  await openPage(page, info, `/edit/notes/${note.id}`);

  const files = page.locator('#note-files');
  await files.getByLabel('Picture in the text (up to 5 MB)').check();
  await files.getByLabel('File', { exact: true }).setInputFiles({
    name: 'beach.png',
    mimeType: 'image/png',
    buffer: gradientPng(120, 80, [40, 160, 220], [250, 220, 120]),
  });
  await files.getByRole('button', { name: 'Upload' }).click();
  if (jsEnabled(info)) {
    // Put at the cursor, shown in the live preview, saved with the note.
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(
      /^Holiday plans\n\n!\[beach\.png\]\(\/api\/note-cards\/img\//,
    );
    await expect(page.locator('.note-preview img')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await openPage(page, info, `/edit/notes/${note.id}`);
  } else {
    await expect(page.getByText('Added beach.png.')).toBeVisible();
  }
  await expect(page.locator('.note-preview img')).toHaveAttribute('src', /^\/api\/note-cards\/img\/asset-/);

  await files.getByLabel('Attachment (up to 100 MB)').check();
  await files.getByLabel('File', { exact: true }).setInputFiles({
    name: 'tickets.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Flight AB123, seat 14C'),
  });
  await files.getByRole('button', { name: 'Upload' }).click();
  const link = files.getByRole('link', { name: 'Download tickets.txt' });
  await expect(link).toBeVisible();
  const body = await (await page.request.get((await link.getAttribute('href'))!)).text();
  expect(body).toBe('Flight AB123, seat 14C');

  await files.getByLabel('New name for tickets.txt').fill('boarding.txt');
  await files.getByRole('button', { name: 'Rename' }).click();
  await expect(files.getByRole('link', { name: 'Download boarding.txt' })).toBeVisible();
  await expectAccessible(page, info);
  await page.locator('#note-files').scrollIntoViewIfNeeded();
  await shots(page, info, 'editor-note-files');
  await files.getByRole('button', { name: 'Delete boarding.txt' }).click();
  await expect(files.getByText('No attachments yet.')).toBeVisible();
});
