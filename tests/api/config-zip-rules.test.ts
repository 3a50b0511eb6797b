// Issue 24 L4 and L1 for the configuration archive: the accounts it creates follow the username rules of
// registration, its settings the rules of the settings forms, its users' rows those of the other write paths; a
// refusal changes nothing, for any user.
import { beforeEach, describe, expect, it } from 'vitest';
import { signData } from '#server/portability/archive-format';
import { SettingsModel } from '#server/settings/settings.model';
import { UserModel, type UserDoc } from '#server/users/user.model';
import { admin } from '../factories';
import { resetDatabase } from '../setup/db';
import type { Client } from '../setup/client';
import { everything, importZip, rawZip } from './zip-helpers';

interface ArchivedUser {
  id: string;
  username: string;
  cards?: Record<string, unknown>[];
}

const EMPTY = { tags: [], card_tags: [], card_relations: [] };

/** A configuration archive as our exporter writes it, around the given users and settings. */
function configArchive(users: ArchivedUser[], settings: Record<string, unknown> = { siteName: 'Restored' }) {
  const settingsJson = Buffer.from(JSON.stringify(settings));
  const entries = users.map((u, n) => {
    const json = Buffer.from(JSON.stringify({ ...EMPTY, cards: u.cards ?? [] }));
    return {
      entry: { name: `users/${n}/data.json`, data: json, deflate: true },
      manifest: {
        id: u.id,
        username: u.username,
        role: 'user',
        nickname: null,
        avatarColor: '#336699',
        createdAt: new Date().toISOString(),
        folder: `users/${n}/`,
        dataSignature: signData(json),
        avatarAssetId: null,
      },
    };
  });
  const manifest = {
    signature: '__sakuranav__',
    version: 5,
    scope: 'config',
    exportedAt: new Date().toISOString(),
    settingsSignature: signData(settingsJson),
    users: entries.map((e) => e.manifest),
  };
  return rawZip([
    { name: 'settings.json', data: settingsJson },
    ...entries.map((e) => e.entry),
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
  ]);
}

const card = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  name: 'Mine',
  site_url: 'https://mine.test/',
  global_sort_order: 0,
  ...over,
});

async function state(adminId: string) {
  return {
    users: (await UserModel.find({}).lean<UserDoc[]>()).map((u) => [u._id, u.username]).sort(),
    settings: await SettingsModel.findById('global').lean(),
    admin: await everything(adminId),
  };
}

describe('configuration import follows the rules of the other write paths (issue 24 L4, L1)', () => {
  let client: Client;
  let adminId: string;

  beforeEach(async () => {
    await resetDatabase();
    const a = await admin();
    client = a.client;
    adminId = a.user._id;
  });

  const refused = async (zip: Buffer, expected: Record<string, unknown>) => {
    const before = await state(adminId);
    for (const path of ['/api/config/import', '/api/config/detect']) {
      const res = await importZip(client, path, zip, { mode: 'clean' });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.details).toMatchObject({ reason: 'invalid_row', ...expected });
      expect(typeof res.json.error).toBe('string');
    }
    expect(await state(adminId)).toEqual(before);
  };

  for (const [name, username] of [
    ['a look-alike of admin with a Cyrillic а', '\u0430dmin'],
    ['markup', '<b>boss</b>'],
    ['spaces', 'two words'],
    ['one character', 'x'],
  ] as const) {
    it(`creates no account whose username has ${name}: 400, nothing changes`, async () => {
      const zip = configArchive([{ id: 'user-lookalike', username, cards: [card()] }]);
      await refused(zip, { entry: 'manifest.json', field: 'username' });
    });
  }

  it('stores a created account’s username in the one normalised form (full-width letters are ASCII)', async () => {
    const res = await importZip(
      client,
      '/api/config/import',
      configArchive([{ id: 'user-w1', username: 'ｂｏｂ' }]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.accountsCreated).toBe(1);
    const bob = await UserModel.findById('user-w1').lean<UserDoc>();
    expect(bob).toMatchObject({ username: 'bob', usernameKey: 'bob', hasPassword: false, role: 'user' });
  });

  it('a bad row of any user refuses the whole import before the first user is imported', async () => {
    const zip = configArchive([
      { id: 'user-good1', username: 'good', cards: [card()] },
      {
        id: 'user-evil1',
        username: 'evil',
        cards: [card({ site_url: 'javascript:alert(document.cookie)' })],
      },
    ]);
    await refused(zip, { entry: 'users/1/data.json', table: 'cards', row: 0, field: 'site_url' });
    expect(await UserModel.exists({ _id: 'user-good1' })).toBeNull();
  });

  for (const [name, settings, field] of [
    ['a javascript: icon service', { siteIconService: 'javascript:alert(1)//{domain}' }, 'siteIconService'],
    ['a site name longer than the form allows', { siteName: 'n'.repeat(31) }, 'siteName'],
    ['an outbound allow-list entry that is no host', { outboundAllowList: ['not a host!'] }, null],
    ['a negative quota', { quotaCards: -1 }, 'quotaCards'],
  ] as const) {
    it(`refuses settings with ${name}: 400, nothing changes`, async () => {
      const zip = configArchive([{ id: 'user-s1', username: 'sam' }], { siteName: 'X', ...settings });
      await refused(zip, { entry: 'settings.json', field });
    });
  }

  it('normalises a feedback link as the floating-buttons form does (only http(s) links; none by default)', async () => {
    const buttons = [
      { id: 'feedback', label: 'Feedback', enabled: true, customData: { url: 'javascript:alert(1)' } },
    ];
    const zip = configArchive([], { siteName: 'X', floatingButtons: buttons });
    const res = await importZip(client, '/api/config/import', zip);
    expect(res.status, res.text).toBe(200);
    const saved = (await SettingsModel.findById('global').lean())!.floatingButtons!;
    expect(saved[0]!.customData!.url).toBe('');
  });
});
