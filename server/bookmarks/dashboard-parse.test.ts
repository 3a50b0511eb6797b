import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStructured, STRUCTURED_LIMITS } from '../parsing/structured-read';
import { parseBookmarks } from './bookmark-parse';

// Fixtures written the way each tool writes its file (Homepage and Dashy documentation, Homarr's export code,
// linkding's exporter), not copied from them.
const fixture = (name: string) =>
  readFileSync(new URL(`../../tests/fixtures/dashboards/${name}`, import.meta.url), 'utf8');
const rows = (r: Awaited<ReturnType<typeof parseBookmarks>>) =>
  r.items.map((i) => [i.name, i.url, i.folders.join(' / ')]);
const parse = (name: string, filename = name) => parseBookmarks(fixture(name), { filename });

describe('dashboard configurations', () => {
  it('reads Homepage services.yaml: groups and nested groups are the path, entries without a web address drop out', async () => {
    const r = await parse('homepage-services.yaml');
    expect(r.format).toBe('homepage');
    expect(rows(r)).toEqual([
      ['Jellyfin', 'https://jellyfin.home.example.net/', 'Media'],
      ['Sonarr', 'https://sonarr.home.example.net', 'Media / Downloads'],
      ['Radarr', 'https://radarr.home.example.net', 'Media / Downloads'],
      ['Proxmox', 'https://pve.home.example.net:8006/', 'Infrastructure'],
    ]);
    // A widget without href and an env placeholder ("{{HOMEPAGE_VAR_…}}") are not web addresses.
    expect(r.ignored).toBe(2);
    expect(r.items[0]!.description).toBe('Movies & TV shows');
    // Icon names (jellyfin.png, mdi-…, si-…) are Homepage's, not addresses: dropped; an https icon is kept.
    expect(r.items.map((i) => i.iconUrl)).toEqual([
      null,
      null,
      'https://cdn.example.org/icons/radarr.svg',
      null,
    ]);
  });

  it('reads Homepage bookmarks.yaml: each bookmark is a one-item list under its name', async () => {
    const r = await parse('homepage-bookmarks.yaml');
    expect(r.format).toBe('homepage');
    expect(rows(r)).toEqual([
      ['Github', 'https://github.com/', 'Developer'],
      ['Reddit', 'https://reddit.com/', 'Social'],
      ['YouTube', 'https://youtube.com/', 'Entertainment'],
      ['Bandcamp', 'https://bandcamp.com/', 'Entertainment'],
    ]);
    expect(r.items[1]!.description).toBe('The front page of the internet');
    expect(r.items[3]!.iconUrl).toBe('https://bandcamp.com/favicon.ico');
  });

  it('reads Dashy conf.yml: sections are folders, sub-items sit under their item, tags and anchors come through', async () => {
    const r = await parse('dashy-conf.yml');
    expect(r.format).toBe('dashy');
    expect(rows(r)).toEqual([
      ['Nextcloud', 'https://cloud.example.net', 'Productivity'],
      ['Bitwarden', 'https://vault.example.net/', 'Productivity'],
      ['Arr stack', 'https://arr.example.net', 'Media'],
      ['Sonarr', 'https://sonarr.example.net', 'Media / Arr stack'],
      ['Radarr', 'https://radarr.example.net', 'Media / Arr stack'],
      // A YAML merge key (`<<: *nextcloud`) as Dashy's documentation suggests for reuse.
      ['Nextcloud (again)', 'https://cloud.example.net', 'Shortcuts'],
    ]);
    expect(r.ignored).toBe(1); // the relative "/notes"
    expect(r.items[0]!.tags).toEqual(['files', 'self-hosted']);
    expect(r.items.map((i) => i.iconUrl)).toEqual([
      null, // hl-nextcloud
      'https://vault.example.net/images/icon-white.png',
      null, // fas fa-download
      null, // hl-sonarr
      'https://radarr.example.net/favicon.ico',
      null,
    ]);
  });

  it('reads a Homarr 0.x configuration: categories are folders, the external address wins, bookmark widgets count', async () => {
    const r = await parse('homarr-0x.json');
    expect(r.format).toBe('homarr');
    expect(rows(r)).toEqual([
      ['Plex', 'https://plex.example.net', 'Media'],
      ['Portainer', 'https://portainer.example.net', ''],
      ['Hacker News', 'https://news.ycombinator.com', 'Admin / Reading'],
    ]);
    expect(r.items[0]!.description).toBe('Watch things');
    expect(r.items[1]!.iconUrl).toBeNull(); // "/icons/portainer.png" lives on the Homarr server
  });

  it("reads a Homarr 1.x backup's data.json: apps by id, category paths through dynamic sections, loose apps", async () => {
    const r = await parse('homarr-1x-data.json');
    expect(r.format).toBe('homarr');
    expect(rows(r)).toEqual([
      ['Jellyfin', 'https://jellyfin.example.net', 'Media'],
      ['SABnzbd', 'https://sab.example.net', 'Media / Downloads'],
      ['Homarr docs', 'https://homarr.dev/docs', 'Docs'],
      ['Uptime Kuma', 'https://status.example.net', ''],
    ]);
    expect(r.ignored).toBe(1); // an app without an address
    expect(r.items[0]!.description).toBe('Media server');
  });

  it('refuses a Homarr 1.x board export without its apps, saying what to upload instead', async () => {
    await expect(parse('homarr-1x-board-export.json')).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('data.json of a full backup'),
    });
  });

  it("reads linkding's export: its tags, not its archive marker; the description, not the notes", async () => {
    const r = await parse('linkding.html');
    expect(r.format).toBe('netscape-html');
    expect(r.items.map((i) => [i.name, i.tags, i.description])).toEqual([
      ['Python 3 documentation', ['python', 'reference'], 'The language reference'],
      ['LWN.net', ['linux', 'news'], ''],
      ['https://example.org/untagged', [], ''],
    ]);
    expect(r.items[1]!.addDate?.toISOString()).toBe('2023-11-16T02:00:00.000Z');
  });

  it('knows the formats by their first lines when the name says nothing', async () => {
    expect((await parse('homepage-services.yaml', 'upload.txt')).format).toBe('homepage');
    expect((await parse('dashy-conf.yml', '')).format).toBe('dashy');
    expect((await parse('homarr-1x-data.json', 'backup')).format).toBe('homarr');
  });

  it('reads other JSON and YAML-looking text as before (links found in it), unless the name says YAML', async () => {
    const json = '{"links": ["https://a.example/", "https://b.example/"]}';
    const other = await parseBookmarks(json, { filename: 'links.json' });
    expect(other.format).toBe('url-list'); // the plain-list reader, as before
    const notes = '- Reading:\n  see https://c.example/ [unclosed';
    expect((await parseBookmarks(notes, { filename: 'notes.txt' })).total).toBe(1);
    await expect(parseBookmarks('a: 1\n', { filename: 'settings.yaml' })).rejects.toMatchObject({
      message: expect.stringContaining('not a dashboard configuration'),
    });
  });

  it('refuses malformed configurations with the reason and the line', async () => {
    await expect(
      parseBookmarks('- Media:\n    - Plex: {href: https://x\n', { filename: 'services.yaml' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^This file is not valid YAML: .*at line 3, column 1$/),
    });
    await expect(parseBookmarks('{"apps": [', { filename: 'homarr.json' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('This file is not valid JSON: '),
    });
  });

  it('refuses alias expansion ("billion laughs") before it grows', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const p = String.fromCharCode(96 + i);
      const n = String.fromCharCode(97 + i);
      levels.push(`${n}: &${n} [${Array(9).fill(`*${p}`).join(',')}]`);
    }
    const bomb = `pageInfo: {title: x}\n${levels.join('\n')}\nsections: [{name: s, items: [{title: t, url: *i}]}]\n`;
    const started = performance.now();
    await expect(parseBookmarks(bomb, { filename: 'conf.yml' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('too many YAML aliases'),
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses nesting past the limit and values past the count', async () => {
    const deep = `sections:\n  - name: x\n    items: ${'['.repeat(100)}${']'.repeat(100)}\n`;
    await expect(parseBookmarks(deep, { filename: 'conf.yml' })).rejects.toMatchObject({
      code: 'nesting_too_deep',
    });
    await expect(
      readStructured('[1, 2, 3, 4, 5]', 'json', 'The file', { ...STRUCTURED_LIMITS, maxNodes: 5 }),
    ).rejects.toMatchObject({ message: 'The file holds more than 5 values' });
    await expect(
      readStructured('- 1\n- 2\n- 3\n- 4\n- 5\n- 6\n', 'yaml', 'The file', {
        ...STRUCTURED_LIMITS,
        maxNodes: 5,
      }),
    ).rejects.toMatchObject({ message: 'The file holds more than 5 lines' });
    // Commas count before any parser runs: with no time for a worker at all the answer still names the values.
    const noWorker = { ...STRUCTURED_LIMITS, maxNodes: 5, timeoutMs: 0 };
    await expect(
      readStructured(`[${'a, '.repeat(11)}a]`, 'yaml', 'The file', noWorker),
    ).rejects.toMatchObject({ message: 'The file holds more than 5 values' });
    await expect(readStructured('[1, 2]', 'yaml', 'The file', noWorker)).rejects.toMatchObject({
      message: 'The file is too large or too complex to read',
    });
  });

  it('counts every entry of a huge configuration but keeps only the first maxItems', async () => {
    const items = Array.from(
      { length: 20_001 },
      (_, i) => `      - {title: s${i}, url: "https://s${i}.example/"}`,
    );
    const yaml = `sections:\n  - name: Many\n    items:\n${items.join('\n')}\n`;
    const r = await parseBookmarks(yaml, { filename: 'conf.yml', maxItems: 20_000 });
    expect(r.total).toBe(20_001);
    expect(r.items).toHaveLength(20_000);
  });
});
