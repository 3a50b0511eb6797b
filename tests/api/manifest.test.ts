// The web app manifest: served with its media type, named after the site, linked from every page, and each icon it
// names is a real PNG of the stated size.
import { beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';

describe('GET /manifest.webmanifest', () => {
  beforeEach(resetDatabase);

  it('is served as a manifest, named after the site, with icons that exist', async () => {
    const { client } = await admin();
    expect((await client.put('/api/settings', { siteName: 'Home Nav' })).status).toBe(200);
    const visitor = new Client();
    const res = await visitor.get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.json).toMatchObject({
      name: 'Home Nav',
      short_name: 'Home Nav',
      start_url: '/',
      display: 'standalone',
    });
    expect(res.json.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(res.json.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = res.json.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const file = await fetch(new URL(icon.src, await appUrl()));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = Buffer.from(await file.arrayBuffer());
      // PNG signature, then the IHDR width and height.
      expect(bytes.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('is linked from the pages, with a home-screen icon', async () => {
    await admin();
    const html = (await new Client().get('/login')).text;
    const links = html.match(/<link [^>]*>/g) ?? [];
    expect(links.some((l) => /rel="manifest" href="\/manifest\.webmanifest"/.test(l))).toBe(true);
    expect(links.some((l) => /rel="apple-touch-icon" href="\/icon-192\.png"/.test(l))).toBe(true);
  });
});
