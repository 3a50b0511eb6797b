// The settings pages (/settings/appearance, /settings/site) as a browser without JavaScript uses them: plain
// multipart uploads (CSRF checked before anything is stored), form posts, and the result drawn on the pages.
import { beforeEach, describe, expect, it } from 'vitest';
import { AppearanceModel } from '#server/appearance/appearance.model';
import { AssetModel } from '#server/assets/asset.model';
import { SettingsModel } from '#server/settings/settings.model';
import { admin, createUser, newUserClient, sessionClient } from '../factories';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { PNG } from './account-helpers';

async function postForm(c: Client, path: string, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', path, {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The page's own multipart upload form: hidden fields first, then the file. */
function uploadForm(csrf: string, fields: Record<string, string>, bytes: Buffer = PNG, name = 'w.png') {
  const f = new FormData();
  f.append('csrf', csrf);
  f.append('intent', 'upload');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return f;
}

beforeEach(async () => {
  await resetDatabase();
});

describe('/settings/appearance', () => {
  it('sends visitors to sign in and is reachable from the user menu', async () => {
    const { client } = await admin();
    const user = await createUser({ username: 'una' });
    const c = await sessionClient(user);
    const page = await c.get('/settings/appearance');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/settings/appearance"');
    expect(page.text).not.toContain('href="/settings/site"');
    expect(page.text).not.toContain('id="floating-buttons"');
    expect((await client.get('/profile')).text).toContain('href="/settings/site"');
    const { Client: C } = await import('../setup/client');
    const visitor = await new C().get('/settings/appearance');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });

  it('uploads a wallpaper without JavaScript and applies it to the pages of that theme', async () => {
    await admin();
    const user = await createUser({ username: 'una' });
    const c = await sessionClient(user);
    await c.get('/settings/appearance');
    const forged = await c.call('POST', '/settings/appearance', {
      rawBody: uploadForm('0'.repeat(64), { theme: 'dark', slot: 'desktop' }),
    });
    expect(forged.status).toBe(403);
    expect(await AssetModel.countDocuments({})).toBe(0);

    const ok = await c.call('POST', '/settings/appearance', {
      rawBody: uploadForm(c.csrf()!, { theme: 'dark', slot: 'desktop' }),
    });
    expect(ok.status, ok.text.slice(0, 300)).toBe(302);
    expect(ok.headers.get('location')).toBe('/settings/appearance#theme-dark');
    const row = await AppearanceModel.findById(`${user._id}:dark`).lean();
    expect(row?.desktopWallpaperAssetId).toMatch(/^asset-/);
    const url = `/api/assets/${row!.desktopWallpaperAssetId}/file`;
    const profile = await c.get('/profile');
    // The dark theme's variables carry the wallpaper; the light one has none.
    expect(profile.text).toMatch(
      new RegExp(
        `data-theme='dark'\\]\\{[^}]*--look-wallpaper:url\\(&quot;${url}|data-theme='dark'\\]\\{[^}]*--look-wallpaper:url\\("${url}`,
      ),
    );
    expect((await c.get(url)).status).toBe(200);
    expect(profile.text).toContain(
      '.tile{background:color-mix(in srgb,var(--surface) calc(100% - var(--look-frost) * 0.35%)',
    );

    // A text file posing as a picture is refused with the page's message, nothing stored.
    const before = await AssetModel.countDocuments({});
    const bad = await c.call('POST', '/settings/appearance', {
      rawBody: uploadForm(c.csrf()!, { theme: 'light', slot: 'desktop' }, Buffer.from('hello'), 'x.png'),
    });
    expect(bad.status).toBe(415);
    expect(bad.text).toContain('Unsupported file type');
    expect(await AssetModel.countDocuments({})).toBe(before);

    // Removing it deletes the file.
    const removed = await postForm(c, '/settings/appearance', {
      intent: 'picture-remove',
      theme: 'dark',
      slot: 'desktop',
    });
    expect(removed.status).toBe(302);
    expect((await AppearanceModel.findById(`${user._id}:dark`).lean())?.desktopWallpaperAssetId).toBeNull();
    expect(await AssetModel.countDocuments({})).toBe(0);
  });

  it('sets a picture uploaded through the API (the JavaScript path), only the caller’s own', async () => {
    await admin();
    const ann = await newUserClient({ username: 'ann' });
    const bob = await newUserClient({ username: 'bob' });
    await ann.get('/settings/appearance');
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'w.png');
    const up = await ann.call('POST', '/api/assets/wallpaper?kind=wallpaper', { rawBody: f });
    expect(up.status, up.text).toBe(200);
    const id = up.json.id as string;
    await bob.get('/settings/appearance');
    const stolen = await postForm(bob, '/settings/appearance', {
      intent: 'picture-set',
      theme: 'light',
      slot: 'mobile',
      assetId: id,
    });
    expect(stolen.status).toBe(400);
    const set = await postForm(ann, '/settings/appearance', {
      intent: 'picture-set',
      theme: 'light',
      slot: 'mobile',
      assetId: id,
    });
    expect(set.status).toBe(302);
    const rows = await AppearanceModel.find({ mobileWallpaperAssetId: id }).lean();
    expect(rows.map((r) => r.ownerId)).toHaveLength(1);
  });

  it('saves fonts and colours of one theme and keeps the other', async () => {
    await admin();
    const user = await createUser({ username: 'una' });
    const c = await sessionClient(user);
    await c.get('/settings/appearance');
    const res = await postForm(c, '/settings/appearance', {
      intent: 'look',
      theme: 'light',
      fontPreset: 'serif',
      fontSize: '18',
      textColor: '#112233',
      overlay: '40',
      desktopCardFrosted: '50',
      mobileCardFrosted: '60',
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    const look = (await c.get('/api/appearance')).json;
    expect(look.light).toMatchObject({
      fontPreset: 'serif',
      fontSize: 18,
      textColor: '#112233',
      overlayOpacity: 0.4,
    });
    expect(look.dark.fontPreset).toBe('balanced');
    const page = await c.get('/profile');
    expect(page.text).toContain('--text:#112233');
    expect(page.text).toContain('--look-font-size:18px');
    expect(page.text).toContain('Georgia');
    expect(page.text).toContain('--look-frost:50;--look-frost-mobile:60');
    // Frosted cards only over a wallpaper (none set yet).
    expect(page.text).not.toContain('.tile{background:color-mix');

    const bad = await postForm(c, '/settings/appearance', {
      intent: 'look',
      theme: 'light',
      fontPreset: 'serif',
      fontSize: '99',
      textColor: '#112233',
      overlay: '40',
    });
    expect(bad.status).toBe(400);
    expect((await c.get('/api/appearance')).json.light.fontSize).toBe(18);
  });

  it('lets the admin configure the floating buttons drawn on every page', async () => {
    const { client } = await admin();
    await client.get('/settings/appearance');
    const home = await client.get('/');
    expect(home.text).toContain('data-floating="scroll-top"');
    expect(home.text).toContain('href="/settings/history"');
    // Set-up and sign-in pages have nothing to search or go back to: no buttons there.
    expect((await new Client().get('/login')).text).not.toContain('data-floating=');
    const res = await postForm(client, '/settings/appearance', {
      intent: 'buttons',
      'b0.id': 'scroll-top',
      'b0.label': '回到顶部',
      'b0.enabled': 'on',
      'b1.id': 'quick-search',
      'b1.label': '快速搜索',
      'b2.id': 'snapshot-history',
      'b2.label': '版本历史',
      'b2.enabled': 'on',
      'b3.id': 'feedback',
      'b3.label': 'Tell us',
      'b3.enabled': 'on',
      'b3.url': 'https://example.org/feedback',
    });
    expect(res.status).toBe(302);
    const page = await client.get('/profile');
    expect(page.text).not.toContain('data-floating="quick-search"');
    expect(page.text).toContain('href="https://example.org/feedback"');
    expect(page.text).toContain('aria-label="Tell us"');
    // Visitors see them too, without the history link.
    const visitor = await new Client().get('/docs/api');
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain('data-floating="scroll-top"');
    expect(visitor.text).not.toContain('/settings/history');
    // Only the admin may change them.
    const user = await newUserClient({ username: 'una' });
    await user.get('/settings/appearance');
    const refused = await postForm(user, '/settings/appearance', {
      intent: 'buttons',
      'b0.id': 'scroll-top',
      'b0.label': 'x',
    });
    expect(refused.status).toBe(403);
  });
});

describe('/settings/site', () => {
  it('is the admin’s only', async () => {
    await admin();
    const user = await newUserClient({ username: 'una' });
    expect((await user.get('/settings/site')).status).toBe(403);
    await user.get('/settings/appearance');
    expect((await postForm(user, '/settings/site', { intent: 'settings', siteName: 'Mine' })).status).toBe(
      403,
    );
  });

  it('saves the site name and app settings, keeping the AI key behind its mask', async () => {
    const { client } = await admin();
    await client.call('PUT', '/api/settings', {
      body: { aiApiKey: 'sk-secret-123456789', aiBaseUrl: 'https://ai.example/v1' },
    });
    const page = await client.get('/settings/site');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('sk-secret-123456789');
    expect(page.text).toContain('value="****6789"');
    const res = await postForm(client, '/settings/site', {
      intent: 'settings',
      siteName: 'Blossom',
      onlineCheckTime: '6',
      onlineCheckEnabled: 'on',
      aiBaseUrl: 'https://ai.example/v1/',
      aiModel: 'm1',
      aiApiKey: '****6789',
      outboundAllowPrivate: 'on',
      outboundAllowList: 'nas.lan\n192.168.1.0/24\n',
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    const doc = await SettingsModel.findById('global').lean();
    expect(doc).toMatchObject({
      siteName: 'Blossom',
      aiApiKey: 'sk-secret-123456789',
      aiBaseUrl: 'https://ai.example/v1',
      registrationEnabled: false,
      outboundAllowPrivate: true,
      outboundAllowList: ['nas.lan', '192.168.1.0/24'],
    });
    expect((await client.get('/profile')).text).toContain('Blossom');
    // Another base URL with the masked key: the page says the key must be typed again, and nothing changes.
    const moved = await postForm(client, '/settings/site', {
      intent: 'settings',
      siteName: 'Moved',
      aiBaseUrl: 'https://evil.example/v1',
      aiModel: 'm1',
      aiApiKey: '****6789',
    });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain('A stored secret goes only to the address it was saved with');
    expect(await SettingsModel.findById('global').lean()).toMatchObject({
      siteName: 'Blossom',
      aiApiKey: 'sk-secret-123456789',
      aiBaseUrl: 'https://ai.example/v1',
    });
    const bad = await postForm(client, '/settings/site', {
      intent: 'settings',
      siteName: 'x',
      outboundAllowList: 'not a host!',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('not a host name');
  });

  it('uploads a logo and a favicon without JavaScript and shows them', async () => {
    const { client } = await admin();
    await client.get('/settings/site');
    const logo = await client.call('POST', '/settings/site', {
      rawBody: uploadForm(client.csrf()!, { slot: 'lightLogo' }),
    });
    expect(logo.status, logo.text.slice(0, 300)).toBe(302);
    const fav = await client.call('POST', '/settings/site', {
      rawBody: uploadForm(client.csrf()!, { slot: 'favicon' }),
    });
    expect(fav.status).toBe(302);
    const s = (await client.get('/api/settings')).json;
    expect(s.lightLogoAssetId).toMatch(/^asset-/);
    const page = await client.get('/profile');
    expect(page.text).toContain(`class="brand-logo brand-logo-light" src="${s.lightLogoUrl}"`);
    expect(page.text).toContain(`<link rel="icon" href="${s.faviconUrl}"/>`);
    const removed = await postForm(client, '/settings/site', { intent: 'picture-remove', slot: 'lightLogo' });
    expect(removed.status).toBe(302);
    expect(await AssetModel.exists({ _id: s.lightLogoAssetId })).toBeNull();
  });
});
