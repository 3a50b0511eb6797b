// Other dashboards' configurations through the page /bookmarks, as a browser without JavaScript sends them: the
// upload becomes the same preview (duplicates unticked), the confirmation the same import with its automatic
// snapshot, and Undo restores it (issue 27, item 5).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createUser, newUserClient, tokenClient } from '../factories';
import type { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { HEALTH_WAIT_MAX_MS, worstHealthWhile } from './stall-helpers';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/dashboards/${name}`, import.meta.url), 'utf8');

interface Site {
  name: string;
  siteUrl: string;
  siteDescription: string;
  iconUrl: string | null;
  tags: { name: string }[];
}
const sites = async (c: Client) => (await c.get('/api/site-cards')).json.items as Site[];
const tagsByName = async (c: Client) =>
  Object.fromEntries((await sites(c)).map((s) => [s.name, s.tags.map((t) => t.name).sort()]));
const snapshots = async (c: Client) =>
  (await c.get('/api/snapshots')).json.items as { id: string; reason: string | null }[];

/** The upload of the page (multipart, with the file's own name). */
async function upload(c: Client, filename: string, content = fixture(filename)) {
  await c.get('/bookmarks');
  const form = new FormData();
  form.append('csrf', c.csrf()!);
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  return c.post('/bookmarks', undefined, { rawBody: form });
}

interface Row {
  n: string;
  u: string;
  f: string[];
  dup?: string;
}
interface Preview {
  token: string;
  rows: Row[];
}
/** The preview the page shows: the token its form carries, and every row, read as the page's script reads them. */
async function previewOf(c: Client, html: string): Promise<Preview> {
  const m = /name="token" value="([^"]*)"/.exec(html);
  expect(m, 'the preview form').not.toBeNull();
  const res = await c.get(`/bookmarks/rows/${m![1]}`);
  expect(res.status).toBe(200);
  return { token: m![1]!, rows: res.json as Row[] };
}

/** The confirmation, posted like the form without JavaScript: the rows the page ticked. */
async function confirm(c: Client, { token, rows }: Preview, fields: Record<string, string> = {}) {
  const body = new URLSearchParams({ csrf: c.csrf()!, token, ...fields });
  rows.forEach((r, i) => (r.dup ? null : body.append('keep', String(i))));
  return c.call('POST', '/bookmarks', {
    rawBody: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const KEEP_PATH = { folderTags: 'on', folderPath: 'on' };

describe('importing other dashboards through the page', () => {
  beforeEach(async () => {
    await resetDatabase();
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' }); // pages need a set-up instance
  });

  it.each([
    [
      'homepage-services.yaml',
      'homepage',
      {
        Jellyfin: ['Media'],
        Sonarr: ['Media / Downloads'],
        Radarr: ['Media / Downloads'],
        Proxmox: ['Infrastructure'],
      },
    ],
    [
      'homepage-bookmarks.yaml',
      'homepage',
      { Github: ['Developer'], Reddit: ['Social'], YouTube: ['Entertainment'], Bandcamp: ['Entertainment'] },
    ],
    [
      'dashy-conf.yml',
      'dashy',
      {
        Nextcloud: ['Productivity', 'Shortcuts', 'files', 'self-hosted'],
        Bitwarden: ['Productivity'],
        'Arr stack': ['Media'],
        Sonarr: ['Media / Arr stack'],
        Radarr: ['Media / Arr stack'],
      },
    ],
    ['homarr-0x.json', 'homarr', { Plex: ['Media'], Portainer: [], 'Hacker News': ['Admin / Reading'] }],
    [
      'homarr-1x-data.json',
      'homarr',
      {
        Jellyfin: ['Media'],
        SABnzbd: ['Media / Downloads'],
        'Homarr docs': ['Docs'],
        'Uptime Kuma': [],
      },
    ],
    [
      'linkding.html',
      'netscape-html',
      {
        'Python 3 documentation': ['python', 'reference'],
        'LWN.net': ['linux', 'news'],
        'https://example.org/untagged': [],
      },
    ],
  ])('%s: preview, import with folder tags, snapshot, undo', async (file, format, expected) => {
    const a = await newUserClient({ username: 'alice' });
    const before = (await sites(a)).map((s) => s.name);
    const page = await upload(a, file);
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(page.text).toContain(`data-preview-format="${format}"`);
    const shown = await previewOf(a, page.text);
    expect(shown.rows.map((r) => r.n).sort()).toEqual(Object.keys(expected).sort());

    const done = await confirm(a, shown, KEEP_PATH);
    expect(done.status).toBe(302);
    const tags = await tagsByName(a);
    for (const [name, want] of Object.entries(expected)) expect(tags[name], name).toEqual(want.sort());

    // One automatic snapshot before the import; Undo (the page's form) brings the space back.
    const snaps = await snapshots(a);
    expect(snaps.map((s) => s.reason)).toEqual(['bookmarks']);
    const undo = new URLSearchParams({ csrf: a.csrf()!, snapshot: snaps[0]!.id, returnTo: '/bookmarks' });
    const undone = await a.call('POST', '/undo', {
      rawBody: undo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(undone.status).toBe(302);
    expect((await sites(a)).map((s) => s.name)).toEqual(before);
  });

  it('keeps what each value may be: descriptions and http(s) icons come through, icon names do not', async () => {
    const a = await newUserClient({ username: 'alice' });
    await confirm(a, await previewOf(a, (await upload(a, 'dashy-conf.yml')).text), KEEP_PATH);
    const byName = Object.fromEntries((await sites(a)).map((s) => [s.name, s]));
    expect(byName.Bitwarden).toMatchObject({
      siteUrl: 'https://vault.example.net/',
      siteDescription: 'Passwords',
      iconUrl: 'https://vault.example.net/images/icon-white.png',
    });
    expect(byName.Nextcloud!.iconUrl).toBeNull(); // "hl-nextcloud"
  });

  it('without "keep the folder path", a nested group names its tag alone', async () => {
    const a = await newUserClient({ username: 'alice' });
    const shown = await previewOf(a, (await upload(a, 'homepage-services.yaml')).text);
    await confirm(a, shown, { folderTags: 'on' });
    const tags = await tagsByName(a);
    expect(tags.Sonarr).toEqual(['Downloads']);
    expect(tags.Jellyfin).toEqual(['Media']);
  });

  it('unticks what the user already has', async () => {
    const a = await newUserClient({ username: 'alice' });
    await a.create('/api/site-cards', { name: 'My Jellyfin', siteUrl: 'https://jellyfin.home.example.net' });
    const page = await upload(a, 'homepage-services.yaml');
    const shown = await previewOf(a, page.text);
    expect(shown.rows.find((r) => r.n === 'Jellyfin')).toMatchObject({ dup: 'existing' });
    await confirm(a, shown, KEEP_PATH);
    expect((await sites(a)).filter((s) => s.siteUrl.includes('jellyfin'))).toHaveLength(1);
  });

  it('refuses a malformed or unknown configuration with a 400 naming the problem; nothing changes', async () => {
    const a = await newUserClient({ username: 'alice' });
    const bad = await upload(a, 'services.yaml', '- Media:\n    - Plex: {href: https://x\n');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/This file is not valid YAML: .*line 3/);
    const board = await upload(a, 'homarr-1x-board-export.json');
    expect(board.status).toBe(400);
    expect(board.text).toContain('data.json of a full backup');
    expect(await sites(a)).toEqual([]);
    expect(await snapshots(a)).toEqual([]);
  });

  it('refuses alias expansion while the server keeps answering', async () => {
    const a = await newUserClient({ username: 'alice' });
    await upload(a, 'dashy-conf.yml'); // warm the page
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const p = String.fromCharCode(96 + i);
      const n = String.fromCharCode(97 + i);
      levels.push(`${n}: &${n} [${Array(10).fill(`*${p}`).join(',')}]`);
    }
    const bomb = `${levels.join('\n')}\nsections: [{name: s, items: [{title: t, url: *j}]}]\n`;
    const { result, worstMs } = await worstHealthWhile(() => upload(a, 'conf.yml', bomb));
    expect(result.status).toBe(400);
    expect(result.text).toContain('too many YAML aliases');
    expect(worstMs).toBeLessThan(HEALTH_WAIT_MAX_MS);
  });
});

describe('POST /api/site-cards/import-preview', () => {
  beforeEach(resetDatabase);

  async function previewApi(c: Client, filename: string, query = '') {
    const form = new FormData();
    form.append('file', new Blob([fixture(filename)]), filename);
    return c.call('POST', `/api/site-cards/import-preview${query}`, { rawBody: form });
  }

  it('answers batch items with the tags the choices give; the batch imports them (a read-only token may preview)', async () => {
    const user = await createUser({ username: 'carol' });
    const reader = await tokenClient(user, { readOnly: true });
    const res = await previewApi(reader, 'homepage-services.yaml');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ format: 'homepage', ignored: 2, duplicates: 0 });
    const items = res.json.items as { name: string; newTags: string[]; duplicate: boolean }[];
    expect(items.find((i) => i.name === 'Sonarr')).toMatchObject({
      siteUrl: 'https://sonarr.home.example.net',
      newTags: ['Media / Downloads'],
      duplicate: false,
    });
    const alone = await previewApi(reader, 'homepage-services.yaml', '?folderPath=false');
    expect(alone.json.items.find((i: { name: string }) => i.name === 'Sonarr').newTags).toEqual([
      'Downloads',
    ]);
    const none = await previewApi(reader, 'homepage-services.yaml', '?folderTags=false');
    expect(none.json.items.every((i: { newTags: string[] }) => i.newTags.length === 0)).toBe(true);

    const writer = await tokenClient(user);
    const imported = await writer.post('/api/site-cards/batch', { items });
    expect(imported.json).toMatchObject({ created: 4 });
    expect((await sites(writer)).find((s) => s.name === 'Sonarr')!.tags.map((t) => t.name)).toEqual([
      'Media / Downloads',
    ]);
    // Now they are duplicates.
    const again = await previewApi(reader, 'homepage-services.yaml');
    expect(again.json.duplicates).toBe(4);
    expect(again.json.items.every((i: { duplicate: boolean }) => i.duplicate)).toBe(true);
  });

  it('refuses a malformed file and a bad choice with JSON 4xx', async () => {
    const c = await tokenClient(await createUser({ username: 'dave' }));
    const form = new FormData();
    form.append('file', new Blob(['sections: [{name: x, items: [}']), 'conf.yml');
    const bad = await c.call('POST', '/api/site-cards/import-preview', { rawBody: form });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'bad_request', error: expect.stringContaining('not valid YAML') });
    const choice = await previewApi(c, 'dashy-conf.yml', '?folderPath=maybe');
    expect(choice.status).toBe(400);
    expect(choice.json.code).toBe('validation_failed');
  });
});
