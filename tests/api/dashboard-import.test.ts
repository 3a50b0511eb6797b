// Other dashboards' configurations through the page /bookmarks, as a browser without JavaScript sends them: the
// upload becomes the same preview (duplicates unticked), the confirmation the same import with its automatic
// snapshot, and Undo restores it (issue 27, item 5).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { createUser, newUserClient } from '../factories';
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

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Row {
  n: string;
  u: string;
  f: string[];
  dup?: string;
}
/** The rows the preview page carries to its confirmation (its hidden `payload`). */
function rowsOf(html: string): Row[] {
  const m = /name="payload" value="([^"]*)"/.exec(html);
  expect(m, 'the preview form').not.toBeNull();
  return JSON.parse(unescape(m![1]!)) as Row[];
}

/** The confirmation, posted like the form without JavaScript: the rows the page ticked. */
async function confirm(c: Client, rows: Row[], fields: Record<string, string> = {}) {
  const body = new URLSearchParams({ csrf: c.csrf()!, payload: JSON.stringify(rows), ...fields });
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
    [
      'homarr-0x.json',
      'homarr',
      { Plex: ['Media'], Portainer: [], 'Hacker News': ['Admin / Reading'] },
    ],
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
    const rows = rowsOf(page.text);
    expect(rows.map((r) => r.n).sort()).toEqual(Object.keys(expected).sort());

    const done = await confirm(a, rows, KEEP_PATH);
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
    await confirm(a, rowsOf((await upload(a, 'dashy-conf.yml')).text), KEEP_PATH);
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
    const rows = rowsOf((await upload(a, 'homepage-services.yaml')).text);
    await confirm(a, rows, { folderTags: 'on' });
    const tags = await tagsByName(a);
    expect(tags.Sonarr).toEqual(['Downloads']);
    expect(tags.Jellyfin).toEqual(['Media']);
  });

  it('unticks what the user already has', async () => {
    const a = await newUserClient({ username: 'alice' });
    await a.create('/api/site-cards', { name: 'My Jellyfin', siteUrl: 'https://jellyfin.home.example.net' });
    const page = await upload(a, 'homepage-services.yaml');
    const rows = rowsOf(page.text);
    expect(rows.find((r) => r.n === 'Jellyfin')).toMatchObject({ dup: 'existing' });
    await confirm(a, rows, KEEP_PATH);
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
