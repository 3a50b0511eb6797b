// Issue 24 L1 and M3: an archive is input like any other. Its rows go through the schemas and the URL, colour and
// appearance rules of the REST, MCP and page write paths (a value they refuse is a 400 naming the row and column,
// nothing stored changes), and its counts are checked against the quotas while it is read.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { AppearanceModel } from '#server/appearance/appearance.model';
import { setQuotas } from '#server/settings/settings.service';
import { loadSpaceFromDb } from '#server/spaces/space.cache';
import { resetDatabase } from '../setup/db';
import { download, everything, importZip, owner, populate, userArchive } from './zip-helpers';

const site = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  name: 'Site',
  site_url: 'https://site.test/',
  global_sort_order: 0,
  card_type: null,
  ...over,
});
const card = (over: Record<string, unknown>) => ({ cards: [site(over)] });
const social = (cardType: string, payload: Record<string, unknown>) => ({
  cards: [
    site({
      id: 's1',
      name: 'Social',
      site_url: '#',
      card_type: cardType,
      card_data: JSON.stringify(payload),
    }),
  ],
});
const tag = (over: Record<string, unknown>) => ({
  tags: [{ id: 't1', name: 'Tag', sort_order: 0, ...over }],
});
const look = (over: Record<string, unknown>) => ({ appearances: [{ theme: 'light', ...over }] });
const archive = (data: Record<string, unknown>) =>
  userArchive({ tags: [], cards: [], card_tags: [], card_relations: [], ...data });

/** What the other write paths refuse, as archive rows: [case, rows, table, column]. */
const refused: [string, Record<string, unknown>, string, string][] = [
  ['a javascript: site URL', card({ site_url: 'javascript:alert(document.cookie)' }), 'cards', 'site_url'],
  ['a javascript: site URL split by a tab', card({ site_url: 'java\tscript:alert(1)' }), 'cards', 'site_url'],
  ['text that is no address as a site URL', card({ site_url: 'not an address' }), 'cards', 'site_url'],
  ['a javascript: icon', card({ icon_url: 'javascript:alert(1)' }), 'cards', 'icon_url'],
  [
    'an SVG picture as an icon',
    card({ icon_url: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' }),
    'cards',
    'icon_url',
  ],
  [
    'a javascript: alternate URL',
    card({
      site_access_rules: JSON.stringify({ urls: [{ id: 'a1', url: 'javascript:alert(1)', label: 'x' }] }),
    }),
    'cards',
    'site_access_rules.urls.0.url',
  ],
  [
    'CSS in an icon colour',
    card({ icon_bg_color: 'red;background:url(//evil.test/x)' }),
    'cards',
    'icon_bg_color',
  ],
  ['a name longer than the site form allows', card({ name: 'n'.repeat(81) }), 'cards', 'name'],
  [
    'an online-check timeout out of range',
    card({ site_online_check_timeout: 999 }),
    'cards',
    'site_online_check_timeout',
  ],
  [
    'a javascript: social link',
    social('github', { type: 'github', url: 'javascript:alert(1)' }),
    'cards',
    'card_data.url',
  ],
  [
    'a javascript: QR picture',
    social('wechat', { type: 'wechat', wechatId: 'me', qrCodeUrl: 'javascript:alert(1)' }),
    'cards',
    'card_data.qrCodeUrl',
  ],
  ['a social type that does not exist', social('myspace', { type: 'myspace' }), 'cards', 'card_type'],
  ['a javascript: tag logo', tag({ logo_url: 'javascript:alert(1)' }), 'tags', 'logo_url'],
  [
    'CSS in a tag colour',
    tag({ logo_bg_color: 'red;background:url(//evil.test/x)' }),
    'tags',
    'logo_bg_color',
  ],
  ['a tag name the built-in tags use', tag({ name: 'social cards' }), 'tags', 'name'],
  [
    'CSS as a text colour',
    look({ text_color: 'red;background:url(//evil.test/x)' }),
    'appearances',
    'text_color',
  ],
  ['a font size out of range', look({ font_size: 9999 }), 'appearances', 'font_size'],
  ['an overlay opacity out of range', look({ overlay_opacity: 5 }), 'appearances', 'overlay_opacity'],
  ['a font preset that does not exist', look({ font_preset: 'comic-sans' }), 'appearances', 'font_preset'],
  ['a theme that does not exist', look({ theme: 'sepia' }), 'appearances', 'theme'],
];

describe('archive rows follow the rules of the other write paths (issue 24 L1)', () => {
  beforeEach(resetDatabase);

  for (const [name, rows, table, column] of refused) {
    it(`refuses ${name}: 400 naming ${table} and ${column}, nothing stored changes`, async () => {
      const { user, c } = await owner();
      await populate(c);
      const before = await everything(user._id);
      const zip = archive(rows);
      for (const path of ['/api/user/data/import', '/api/user/data/detect']) {
        const res = await importZip(c, path, zip, { mode: 'clean' });
        expect(res.status, `${path}: ${res.text}`).toBe(400);
        expect(res.json.code).toBe('validation_failed');
        expect(res.json.details).toMatchObject({ reason: 'invalid_row', table, row: 0, field: column });
        expect(res.json.error).toContain(`${table}[0]`);
        expect(res.json.error).toContain(column);
      }
      expect(await everything(user._id)).toEqual(before);
    });
  }

  it('normalises what the other write paths normalise, and round trips still give identical data', async () => {
    const { user, c } = await owner();
    const res = await importZip(
      c,
      '/api/user/data/import',
      archive({
        tags: [{ id: 't1', name: '  Links  ', sort_order: 0, logo_bg_color: '' }],
        cards: [
          site({
            name: '  Docs ',
            site_url: 'developer.mozilla.org/en-US/',
            icon_url: 'https://favicon.im/developer.mozilla.org',
            icon_bg_color: '',
          }),
        ],
        card_tags: [{ card_id: 'c1', tag_id: 't1', sort_order: 0 }],
        appearances: [{ theme: 'dark', text_color: '#AABBCC', font_size: 18 }],
      }),
    );
    expect(res.status, res.text).toBe(200);
    const space = await loadSpaceFromDb(user._id);
    const docs = [...space.cards.values()][0]!;
    // As `POST /api/site-cards` stores them: https:// added to a bare domain, an icon service's address as ours.
    expect(docs).toMatchObject({
      name: 'Docs',
      siteUrl: 'https://developer.mozilla.org/en-US/',
      iconUrl: '/api/site-icons/developer.mozilla.org',
      iconBgColor: null,
    });
    expect(space.tags.map((t) => [t.name, t.logoBgColor])).toEqual([['Links', null]]);
    const dark = await AppearanceModel.findById(`${user._id}:dark`).lean();
    expect(dark).toMatchObject({ textColor: '#aabbcc', fontSize: 18, fontPreset: 'balanced' });

    // Everything the other paths store passes again: export -> import gives the same space.
    await populate(c);
    const before = await everything(user._id);
    const zip = (await download(c, '/api/user/data/export')).body;
    const again = await importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    expect(again.status, again.text).toBe(200);
    expect((await everything(user._id)).space).toEqual(before.space);
  });
});

// 300,000 card rows refused at the first row past the quota (stall and memory measured) are in
// data-zip-quota.heavy.test.ts (npm run test:heavy).
describe('archive counts are checked while it is read (issue 24 M3)', () => {
  beforeEach(resetDatabase);

  it('refuses more tags or card bytes than the quotas allow; a clean import may replace a full space', async () => {
    const { user, c } = await owner();
    const adminActor = { userId: ADMIN_ID, username: 'admin', role: 'admin', via: 'session' } as const;
    await setQuotas(adminActor, { quotaCards: 5, quotaTags: 2 });
    await populate(c); // 4 cards, 2 tags
    const full = (await download(c, '/api/user/data/export')).body;
    // A clean import replaces the space: 4 cards and 2 tags again fit a quota of 5 and 2.
    const again = await importZip(c, '/api/user/data/import', full, { mode: 'clean' });
    expect(again.status, again.text).toBe(200);
    const before = await everything(user._id);
    const tags = Array.from({ length: 3 }, (_, i) => ({ id: `t${i}`, name: `T${i}`, sort_order: i }));
    const res = await importZip(c, '/api/user/data/import', archive({ tags }));
    expect(res.status, res.text).toBe(403);
    expect(res.json).toMatchObject({ code: 'quota_exceeded', details: { quota: 'tags', limit: 2 } });
    await setQuotas(adminActor, { quotaCards: 5, quotaTags: 2, quotaBytes: 5_000 });
    const big = archive({ cards: [site({ site_notes: 'x'.repeat(4_000) })] });
    const bytes = await importZip(c, '/api/user/data/import', big);
    expect(bytes.status, bytes.text).toBe(403);
    expect(bytes.json).toMatchObject({ code: 'quota_exceeded', details: { quota: 'bytes' } });
    expect(await everything(user._id)).toEqual(before);
  });
});

// Issue 28 item 3: matching by URL belongs to the merge modes; a clean import reproduces the archive.
describe('a clean import reproduces the archive', () => {
  beforeEach(resetDatabase);

  it('keeps two archived cards that share a URL apart, each with its own tags; merges still match them', async () => {
    const { user, c } = await owner();
    const zip = archive({
      tags: [
        { id: 't1', name: 'Work', sort_order: 0 },
        { id: 't2', name: 'Home', sort_order: 1 },
      ],
      cards: [
        site({ id: 'c1', name: 'Mail (work)', site_url: 'https://mail.example/', global_sort_order: 0 }),
        site({ id: 'c2', name: 'Mail (home)', site_url: 'https://mail.example/', global_sort_order: 1 }),
      ],
      card_tags: [
        { card_id: 'c1', tag_id: 't1', sort_order: 0 },
        { card_id: 'c2', tag_id: 't2', sort_order: 0 },
      ],
    });
    const res = await importZip(c, '/api/user/data/import', zip, { mode: 'clean' });
    expect(res.status, res.text).toBe(200);
    const space = await loadSpaceFromDb(user._id);
    const tagName = new Map(space.tags.map((t) => [t._id, t.name]));
    const stored = [...space.cards.values()]
      .map((card) => [
        card.name,
        (space.membershipsByCard.get(card._id) ?? []).map((m) => tagName.get(m.tagId)),
      ])
      .sort();
    expect(stored).toEqual([
      ['Mail (home)', ['Home']],
      ['Mail (work)', ['Work']],
    ]);

    // Incremental: both archived cards match the stored ones by URL, nothing is added.
    const again = await importZip(c, '/api/user/data/import', zip, { mode: 'incremental' });
    expect(again.status, again.text).toBe(200);
    expect((await loadSpaceFromDb(user._id)).cards.size).toBe(2);
  });
});
