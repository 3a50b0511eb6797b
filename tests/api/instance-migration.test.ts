// Issue 28 item 2: a whole SakuraNav 1.x instance (its global configuration archive: SQLite database + uploads)
// moves here through POST /api/config/migrate: plan (dry run), import, sign-in with the old password.
import { beforeEach, describe, expect, it } from 'vitest';
import { AppearanceModel } from '#server/appearance/appearance.model';
import { AssetModel } from '#server/assets/asset.model';
import { OAuthAccountModel } from '#server/oauth/oauth.model';
import { getSettings } from '#server/settings/settings.service';
import { loadSpaceFromDb } from '#server/spaces/space.cache';
import { UserModel, type UserDoc } from '#server/users/user.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, createUser, newUserClient } from '../factories';
import { loginClient } from './account-helpers';
import { importZip } from './zip-helpers';
import { sakuranavInstance, type OldUser } from '../fixtures/sakuranav-instance';

const ALICE_ID = 'user-11111111-1111-4111-8111-111111111111';
const BOB_ID = 'user-22222222-2222-4222-8222-222222222222';
const CAROL_ID = 'user-33333333-3333-4333-8333-333333333333';

const USERS: OldUser[] = [
  { id: '__admin__', username: 'boss', password: 'OldAdmin1', full: true },
  { id: ALICE_ID, username: 'alice', password: 'AlicePw1', full: true },
  { id: BOB_ID, username: 'bob', password: 'BobPass1', full: true, extraCards: 3 },
  // An OAuth-only account: no password there.
  { id: CAROL_ID, username: 'oauth_1a2b3c4d', hasPassword: false, passwordHash: 'x:y' },
];

const SETTINGS = { site_name: 'Old Nav', registration_enabled: 'false', ai_api_key: 'sk-old-secret' };

async function counts() {
  return {
    users: await UserModel.countDocuments({}),
    assets: await AssetModel.countDocuments({}),
    oauth: await OAuthAccountModel.countDocuments({}),
    adminCards: (await loadSpaceFromDb('__admin__')).cards.size,
    siteName: (await getSettings()).siteName,
  };
}

const migrate = (c: Client, zip: Buffer, fields: Record<string, string> = {}) =>
  importZip(c, '/api/config/migrate', zip, fields);

describe('migrating a SakuraNav 1.x instance (admin)', () => {
  beforeEach(resetDatabase);

  it('was refused before: the config import names the migration instead of importing', async () => {
    const { client } = await admin();
    const zip = await sakuranavInstance({ users: USERS.slice(0, 2), settings: SETTINGS });
    const res = await importZip(client, '/api/config/import', zip, { mode: 'incremental' });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/config\/migrate/);
  });

  it('previews (dry run, nothing changes), imports every user, keeps their passwords', async () => {
    const { client } = await admin();
    await createUser({ username: 'bob' }); // a local bob: the old bob gets another name
    // As a running instance leaves it: the rows still in the write-ahead log beside the database file.
    const zip = await sakuranavInstance({ users: USERS, settings: SETTINGS, storagePrefix: true, wal: true });
    const before = await counts();

    const dry = await migrate(client, zip, { dryRun: 'true' });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toMatchObject({
      ok: true,
      dryRun: true,
      type: 'sakuranav-instance',
      accountsCreated: 0,
    });
    const byName = Object.fromEntries(dry.json.users.map((u: { username: string }) => [u.username, u]));
    expect(byName.boss).toMatchObject({
      action: 'admin',
      password: 'unchanged',
      cards: 5,
      tags: 1,
      files: 1,
    });
    expect(byName.alice).toMatchObject({
      action: 'create',
      usernameHere: 'alice',
      password: 'kept',
      cards: 5,
      tags: 1,
      files: 1,
      appearance: true,
      oauthBindings: 1,
      tokensNotMigrated: 1,
    });
    expect(byName.bob).toMatchObject({
      action: 'create',
      usernameHere: 'bob_2',
      reason: 'renamed',
      cards: 8,
    });
    expect(byName.oauth_1a2b3c4d).toMatchObject({ action: 'create', password: 'none' });
    expect(dry.json.passwordResets).toEqual(['oauth_1a2b3c4d']);
    expect(dry.json.settings).toEqual(expect.arrayContaining(['siteName', 'registrationEnabled']));
    expect(dry.json.notCarried).toEqual(expect.arrayContaining(['tokens', 'ai_key']));
    expect(await counts()).toEqual(before);

    const res = await migrate(client, zip, { mode: 'overwrite' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: true, dryRun: false, accountsCreated: 3 });

    // Alice signs in with her old password and finds her cards, tags, file, look and binding.
    const alice = await loginClient('alice', { password: 'AlicePw1' });
    const me = await UserModel.findOne({ username: 'alice' }).lean<UserDoc>();
    expect(me!._id).toBe(ALICE_ID);
    const space = await loadSpaceFromDb(ALICE_ID);
    const cards = [...space.cards.values()];
    expect(cards.map((c) => c.cardType ?? 'site').sort()).toEqual([
      'github',
      'note',
      'site',
      'site',
      'wechat',
    ]);
    const gh = cards.find((c) => c.name === 'GitHub' && !c.cardType)!;
    expect(gh.siteNotes).toBe('my memo');
    expect(gh.iconUrl).toMatch(/^\/api\/assets\/asset-[0-9a-f-]+\/file$/);
    const icon = await alice.call('GET', gh.iconUrl!);
    expect(icon.status).toBe(200);
    expect(space.tags.map((t) => t.name)).toEqual(['alice tools']);
    const listed = await alice.get('/api/navigation/cards');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).toContain('MDN');
    const look = await AppearanceModel.findById(`${ALICE_ID}:dark`).lean();
    expect(look).toMatchObject({ fontPreset: 'serif', fontSize: 18, isDefault: false });
    expect(await OAuthAccountModel.findById('github:gh-alice').lean()).toMatchObject({ userId: ALICE_ID });

    // Bob signs in under his new name with his old password; the local bob is untouched.
    await loginClient('bob_2', { password: 'BobPass1' });
    await expect(loginClient('bob', { password: 'BobPass1' })).rejects.toThrow(/401/);
    // The OAuth-only account has no password until the administrator sets a temporary one.
    const carol = await UserModel.findById(CAROL_ID).lean<UserDoc>();
    expect(carol).toMatchObject({ hasPassword: false, passwordHash: null });
    // The old admin's data went to this administrator, whose password did not change.
    expect((await loadSpaceFromDb('__admin__')).cards.size).toBeGreaterThanOrEqual(before.adminCards + 5);
    await expect(loginClient('boss', { password: 'OldAdmin1' })).rejects.toThrow(/401/);
    const settings = await getSettings();
    expect(settings).toMatchObject({ siteName: 'Old Nav', registrationEnabled: false });
    expect(settings.aiApiKey).not.toBe('sk-old-secret');

    // A second run finds them migrated already and skips them.
    const again = await migrate(client, zip, { dryRun: 'true' });
    expect(again.json.users.find((u: { username: string }) => u.username === 'alice')).toMatchObject({
      action: 'skip',
      reason: 'already_migrated',
    });
  });

  it('reports progress while it runs', async () => {
    const { client } = await admin();
    const zip = await sakuranavInstance({ users: USERS.slice(0, 3) });
    const res = await migrate(client, zip, { progressId: 'migrate-progress-1' });
    expect(res.status, res.text).toBe(200);
    const p = await client.get('/api/config/progress?id=migrate-progress-1');
    expect(p.json).toMatchObject({ kind: 'config-migrate', state: 'done', phase: 'done' });
  });

  it('refuses hostile or broken archives with a 4xx and changes nothing', async () => {
    const { client } = await admin();
    const before = await counts();
    const notSqlite = await sakuranavInstance({
      users: USERS,
      databaseBytes: Buffer.from('not a database at all'),
    });
    let res = await migrate(client, notSqlite);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/not a SQLite database/);
    // A SQLite header over garbage: a damaged database is a 400, not a crash.
    const damaged = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 7)]);
    res = await migrate(client, await sakuranavInstance({ users: USERS, databaseBytes: damaged }));
    expect(res.status).toBe(400);
    // Larger than an entry may inflate to.
    const huge = Buffer.alloc(120 * 1024 * 1024);
    huge.write('SQLite format 3\0');
    res = await migrate(client, await sakuranavInstance({ users: USERS, databaseBytes: huge }));
    expect(res.status).toBe(413);
    // A username our rules refuse: the whole import is refused, nothing written.
    const bad = await sakuranavInstance({
      users: [USERS[1]!, { id: BOB_ID, username: 'b<script>', password: 'BobPass1', full: true }],
    });
    res = await migrate(client, bad);
    expect(res.status).toBe(400);
    expect(res.json.details).toMatchObject({ table: 'users', field: 'username' });
    res = await migrate(client, await sakuranavInstance({ users: USERS, manifestVersion: 5 }));
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('works from the configuration page without JavaScript: preview, then import', async () => {
    const { client } = await admin();
    await client.get('/admin/config');
    const zip = await sakuranavInstance({ users: USERS.slice(0, 3), settings: SETTINGS });
    const post = (fields: Record<string, string>) => {
      const f = new FormData();
      f.append('csrf', client.csrf()!);
      f.append('intent', 'migrate');
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      f.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'old.zip');
      return client.call('POST', '/admin/config?migrate', { rawBody: f });
    };
    const preview = await post({ dryRun: 'on', mode: 'incremental' });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('migration-report');
    expect(preview.text).toContain('alice');
    expect(await UserModel.exists({ _id: ALICE_ID })).toBeNull();
    const done = await post({ mode: 'incremental', confirm: 'on' });
    expect(done.status).toBe(200);
    expect(await UserModel.exists({ _id: ALICE_ID })).not.toBeNull();
  });

  it('imports what the dry run showed without a second upload: the archive is kept for that step, once', async () => {
    const { client } = await admin();
    await client.get('/admin/config');
    const zip = await sakuranavInstance({ users: USERS.slice(0, 3), settings: SETTINGS });
    const f = new FormData();
    f.append('csrf', client.csrf()!);
    f.append('intent', 'migrate');
    f.append('dryRun', 'on');
    f.append('mode', 'incremental');
    f.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'old.zip');
    const preview = await client.call('POST', '/admin/config?migrate', { rawBody: f });
    expect(preview.status).toBe(200);
    const kept = /name="kept" value="([0-9a-f-]{36})"/.exec(preview.text)?.[1];
    expect(kept, 'the form that imports the kept archive').toBeDefined();
    expect(preview.text).toContain('value="migrate-kept"');
    const confirm = (fields: Record<string, string>) =>
      client.call('POST', '/admin/config', {
        rawBody: new URLSearchParams({
          csrf: client.csrf()!,
          intent: 'migrate-kept',
          kept: kept!,
          ...fields,
        }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // Not ticked: nothing happens, the archive stays kept.
    expect((await confirm({ mode: 'incremental' })).status).toBe(400);
    expect(await UserModel.exists({ _id: ALICE_ID })).toBeNull();
    const done = await confirm({ mode: 'incremental', confirm: 'on' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('migration-report');
    expect(await UserModel.exists({ _id: ALICE_ID })).not.toBeNull();
    // Used once: the same token again finds nothing.
    const again = await confirm({ mode: 'incremental', confirm: 'on' });
    expect(again.status).toBe(404);
    expect(again.text).toContain('upload it again');
  });

  it('is for administrators only', async () => {
    await admin();
    const u = await newUserClient();
    const zip = await sakuranavInstance({ users: USERS.slice(0, 1) });
    expect((await migrate(new Client(), zip)).status).toBe(401);
    expect((await migrate(u, zip)).status).toBe(403);
  });
});
