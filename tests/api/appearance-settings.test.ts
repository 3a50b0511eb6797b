import { beforeEach, describe, expect, it } from 'vitest';
import { AssetModel } from '#server/assets/asset.model';
import { SettingsModel } from '#server/settings/settings.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, createUser, newUserClient, sessionClient } from '../factories';
import { fileForm } from './account-helpers';
import { PNG_HEAD } from './file-helpers';

const picture = async (c: Client, kind = 'wallpaper') =>
  (
    await c.call('POST', `/api/assets/wallpaper?kind=${kind}`, {
      rawBody: fileForm(PNG_HEAD, 'p.png', 'image/png'),
    })
  ).json as { id: string; url: string };

const theme = (over: Record<string, unknown> = {}) => ({
  desktopWallpaperAssetId: null,
  mobileWallpaperAssetId: null,
  fontPreset: 'serif',
  fontSize: 18,
  overlayOpacity: 0.5,
  textColor: '#112233',
  ...over,
});

describe('appearance', () => {
  beforeEach(resetDatabase);

  it('defaults, saves per user, deletes replaced wallpapers, refuses others’ pictures', async () => {
    await admin(); // an initialised instance renders its pages
    const user = await createUser();
    const c = await sessionClient(user);
    const other = await newUserClient();
    const initial = await c.get('/api/appearance');
    expect(initial.json.light).toMatchObject({
      theme: 'light',
      fontPreset: 'balanced',
      textColor: '#18212f',
    });
    // Both themes default to the same typeface: switching theme does not change the font.
    expect(initial.json.dark).toMatchObject({ theme: 'dark', fontPreset: 'balanced', isDefault: true });

    const w1 = await picture(c);
    const saved = await c.put('/api/appearance', {
      light: theme({ desktopWallpaperAssetId: w1.id }),
      dark: theme({ fontPreset: 'grotesk', isDefault: true }),
    });
    expect(saved.status).toBe(200);
    expect(saved.json.light).toMatchObject({
      desktopWallpaperAssetId: w1.id,
      desktopWallpaperUrl: w1.url,
      fontSize: 18,
    });
    // Only the admin's default flag counts.
    expect(saved.json.dark.isDefault).toBe(false);
    expect((await other.get('/api/appearance')).json.light.desktopWallpaperAssetId).toBeNull();

    const w2 = await picture(c);
    await c.put('/api/appearance', { light: theme({ desktopWallpaperAssetId: w2.id }), dark: theme() });
    expect(await AssetModel.countDocuments({ _id: w1.id })).toBe(0);
    expect(await AssetModel.countDocuments({ _id: w2.id })).toBe(1);
    // Applied on the server-rendered pages of that user, in the light theme; the dark one keeps its defaults.
    const page = (await c.get('/')).text;
    expect(page).toMatch(new RegExp(`--look-wallpaper:url\\((&quot;|")${w2.url}`));
    expect(page).toContain('--text:#112233');
    expect((await other.get('/')).text).not.toContain(w2.url);

    const foreign = await picture(other);
    const refused = await c.put('/api/appearance', {
      light: theme({ desktopWallpaperAssetId: foreign.id }),
      dark: theme(),
    });
    expect(refused.status).toBe(400);
    const bad = await c.put('/api/appearance', { light: theme({ fontSize: 40 }), dark: theme() });
    expect(bad.status).toBe(400);
    expect((await new Client().get('/api/appearance')).status).toBe(401);
  }, 120_000);
});

describe('site settings', () => {
  beforeEach(resetDatabase);

  it('masks the AI key, keeps it when the mask comes back, leaves omitted keys alone', async () => {
    const { client: a } = await admin();
    const secret = 'sk-very-secret-key-123456';
    const first = await a.put('/api/settings', { siteName: 'My Nav', aiApiKey: secret, aiModel: 'm1' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      siteName: 'My Nav',
      aiApiKey: '****3456',
      aiApiKeyMasked: true,
      aiModel: 'm1',
    });
    expect(JSON.stringify(first.json)).not.toContain(secret);
    const got = await a.get('/api/settings');
    expect(JSON.stringify(got.json)).not.toContain(secret);
    await a.put('/api/settings', { aiApiKey: got.json.aiApiKey, socialTagDescription: 'people' });
    expect((await SettingsModel.findById('global').lean())!.aiApiKey).toBe(secret);
    const after = (await a.get('/api/settings')).json;
    expect(after).toMatchObject({ siteName: 'My Nav', socialTagDescription: 'people', aiModel: 'm1' });

    const logo = await picture(a, 'logo');
    const withLogo = await a.put('/api/settings', { lightLogoAssetId: logo.id, darkLogoAssetId: null });
    expect(withLogo.json.lightLogoUrl).toBe(logo.url);
    const logo2 = await picture(a, 'logo');
    await a.put('/api/settings', { lightLogoAssetId: logo2.id });
    expect(await AssetModel.countDocuments({ _id: logo.id })).toBe(0);

    const user = await newUserClient();
    expect((await user.get('/api/settings')).status).toBe(403);
    expect((await user.put('/api/settings', { siteName: 'x' })).status).toBe(403);
    expect((await a.put('/api/settings', { siteName: 'x'.repeat(31) })).status).toBe(400);
  });

  it('floating buttons: defaults, admin saves, built-ins come back', async () => {
    const { client: a } = await admin();
    const user = await newUserClient();
    const list = (await user.get('/api/floating-buttons')).json;
    expect(list.map((b: { id: string }) => b.id)).toEqual([
      'scroll-top',
      'quick-search',
      'snapshot-history',
      'feedback',
    ]);
    const saved = await a.put('/api/floating-buttons', {
      buttons: [
        { id: 'quick-search', label: 'Search', enabled: false },
        { id: 'feedback', label: 'Help', enabled: true, customData: { url: 'javascript:alert(1)' } },
      ],
    });
    expect(saved.status).toBe(200);
    // The fixed buttons left out come back after quick-search.
    expect(saved.json.map((b: { id: string }) => b.id)).toEqual([
      'quick-search',
      'scroll-top',
      'snapshot-history',
      'feedback',
    ]);
    expect(saved.json[0]).toMatchObject({ label: 'Search', enabled: false });
    // Not an http(s) link: the default, which is none (the button is hidden until the admin sets a link).
    expect(saved.json[3].customData.url).toBe('');
    expect((await user.put('/api/floating-buttons', { buttons: list })).status).toBe(403);
    expect((await a.put('/api/floating-buttons', { buttons: [] })).status).toBe(400);
  });
});
