import JSZip from 'jszip';
import yauzl from 'yauzl';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsModel } from '#server/settings/settings.model';
import { loadSpaceFromDb } from '#server/spaces/space.cache';
import { UserModel, type UserDoc } from '#server/users/user.model';
import { SessionModel } from '#server/auth/session.model';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { admin, createUser, newUserClient, PASSWORD, sessionClient } from '../factories';
import { signData } from '#server/portability/archive-format';
import { REFUSAL_MARKER } from '#server/portability/refusal-marker';
import { download, dump, entriesOf, everything, importZip, populate, rawZip } from './zip-helpers';

const SECRET = 'sk-very-secret-key-123456';

async function allText(zip: Buffer): Promise<Map<string, string>> {
  const files = await entriesOf(zip);
  return new Map([...files].map(([name, bytes]) => [name, bytes.toString('latin1')]));
}

async function instance() {
  const { user: a, client } = await admin();
  await client.post('/api/user/data/reset'); // the admin's starter dashboard
  await client.put('/api/settings', { siteName: 'My Nav', aiApiKey: SECRET });
  const alice = await createUser({ username: 'alice' });
  const c = await sessionClient(alice);
  await populate(c);
  return { a, client, alice, c };
}

describe('global configuration ZIP (admin)', () => {
  beforeEach(resetDatabase);

  it('is for administrators only: 401 without a session, 403 for a user', async () => {
    await admin();
    const u = await newUserClient();
    for (const path of [
      '/api/config/export',
      '/api/config/import',
      '/api/config/detect',
      '/api/config/reset',
    ]) {
      expect((await new Client().post(path)).status, path).toBe(401);
      const res = await u.post(path, path.endsWith('reset') ? { password: PASSWORD } : undefined);
      expect(res.status, path).toBe(403);
    }
  });

  it('exports every user and the settings, without secrets', async () => {
    const { client, alice } = await instance();
    const res = await download(client, '/api/config/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/sakura-config-\d{8}-\d{6}\.zip/);
    const files = await allText(res.body);
    const manifest = JSON.parse(files.get('manifest.json')!);
    expect(manifest).toMatchObject({ signature: '__sakuranav__', version: 5, scope: 'config' });
    expect(manifest.users.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'alice']);
    expect(JSON.parse(files.get('settings.json')!)).toMatchObject({ siteName: 'My Nav' });
    const hashes = (await UserModel.find({}).lean<UserDoc[]>()).map((u) => u.passwordHash!);
    const sessions = (await SessionModel.find({}).lean()).map((s) => String(s._id));
    for (const [name, text] of files) {
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toMatch(/aiApiKey|passwordHash|password_hash|token_hash|tokenHash/);
      for (const h of hashes) expect(text, name).not.toContain(h.slice(-20));
      for (const s of sessions) expect(text, name).not.toContain(s);
    }
    // alice's files are in her folder
    const folder = manifest.users.find((u: { id: string }) => u.id === alice._id).folder;
    expect([...files.keys()].filter((n) => n.startsWith(`${folder}assets/`))).toHaveLength(3);
  });

  it('export -> reset -> import gives every user their data and the settings back; reset needs the password', async () => {
    const { a, client, alice } = await instance();
    const before = { admin: await dump(a._id), alice: await dump(alice._id) };
    const zip = (await download(client, '/api/config/export')).body;
    const detect = await importZip(client, '/api/config/detect', zip);
    expect(detect.json).toMatchObject({ type: 'sakuranav', scope: 'config', users: 2 });

    const wrong = await client.post('/api/config/reset', { password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(await dump(alice._id)).toEqual(before.alice);

    const reset = await client.post('/api/config/reset', { password: PASSWORD });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json).toMatchObject({ ok: true, users: 2 });
    const aliceSpace = await loadSpaceFromDb(alice._id);
    expect(aliceSpace.size).toBe(12);
    expect((await SettingsModel.findById('global').lean())!.siteName).toBe('Sakura Dash');

    const res = await importZip(
      client,
      '/api/config/import',
      zip,
      { mode: 'clean' },
      { 'x-progress-id': 'cfg-import-1' },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: true, users: 2, accountsCreated: 0, settings: true });
    expect(await dump(alice._id)).toEqual(before.alice);
    expect(await dump(a._id)).toEqual(before.admin);
    const settings = (await SettingsModel.findById('global').lean())!;
    expect(settings.siteName).toBe('My Nav');
    expect(settings.aiApiKey).toBe('');
    const progress = await client.get('/api/config/progress?id=cfg-import-1');
    expect(progress.json).toMatchObject({ state: 'done', kind: 'config-import', total: 2, done: 2 });
  });

  it('imports into a fresh instance: missing accounts are created without a password', async () => {
    const { client, alice } = await instance();
    const before = await dump(alice._id);
    const zip = (await download(client, '/api/config/export')).body;
    await resetDatabase();
    const { client: fresh } = await admin();
    const res = await importZip(fresh, '/api/config/import', zip);
    expect(res.status, res.text).toBe(200);
    expect(res.json.accountsCreated).toBe(1);
    const created = (await UserModel.findOne({ username: 'alice' }).lean<UserDoc>())!;
    expect(created).toMatchObject({ _id: alice._id, hasPassword: false, passwordHash: null, role: 'user' });
    expect(await dump(alice._id)).toEqual(before);
  });

  it('a per-user archive is not a configuration archive, and the other way round', async () => {
    const { client, c } = await instance();
    const userZip = (await download(c, '/api/user/data/export')).body;
    const cfgZip = (await download(client, '/api/config/export')).body;
    const r1 = await importZip(client, '/api/config/import', userZip);
    expect(r1.status).toBe(400);
    const r2 = await importZip(c, '/api/user/data/import', cfgZip);
    expect(r2.status).toBe(400);
  });
  it("is refused by the older service's loader (JSZip 3) before anything changes there, and still reads here", async () => {
    const { a, client, alice, c } = await instance();
    const zip = (await download(client, '/api/config/export')).body;
    // The older service's import loads the upload with JSZip before its `clean` mode wipes the instance: the load
    // must throw, and the message its administrator sees names the marker.
    await expect(JSZip.loadAsync(zip)).rejects.toThrow(`unknown (inner file : ${REFUSAL_MARKER})`);
    // The marker: empty content stored as bzip2 (the 14-byte empty stream); every other entry is deflate or store.
    const z = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
    const listed = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const all: yauzl.Entry[] = [];
      z.on('entry', (e: yauzl.Entry) => (all.push(e), z.readEntry()));
      z.on('end', () => resolve(all));
      z.on('error', reject);
      z.readEntry();
    });
    z.close();
    const marker = listed.find((e) => e.fileName === REFUSAL_MARKER)!;
    expect(marker).toMatchObject({
      compressionMethod: 12,
      uncompressedSize: 0,
      compressedSize: 14,
      crc32: 0,
    });
    expect(listed.filter((e) => e.compressionMethod !== 0 && e.compressionMethod !== 8)).toEqual([marker]);

    // Our own detect, dry run of the migration and clean import read it as before.
    const detect = await importZip(client, '/api/config/detect', zip);
    expect(detect.status, detect.text).toBe(200);
    expect(detect.json).toMatchObject({ type: 'sakuranav', scope: 'config', users: 2 });
    const migrate = await importZip(client, '/api/config/migrate', zip, { dryRun: 'true' });
    expect(migrate.status, migrate.text).toBe(400);
    expect(migrate.json.error).toContain('not a SakuraNav instance archive');
    const before = { admin: await dump(a._id), alice: await dump(alice._id) };
    await client.post('/api/config/reset', { password: PASSWORD });
    const res = await importZip(client, '/api/config/import', zip, { mode: 'clean' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: true, users: 2 });
    expect({ admin: await dump(a._id), alice: await dump(alice._id) }).toEqual(before);

    // The per-user archive stays one the older service imports: JSZip loads it, files and all.
    const own = await JSZip.loadAsync((await download(c, '/api/user/data/export')).body);
    expect(Object.keys(own.files)).toEqual(expect.arrayContaining(['manifest.json', 'data.json']));
    expect(Object.keys(own.files).filter((n) => n.startsWith('assets/'))).toHaveLength(3);
    expect(JSON.parse(await own.file('manifest.json')!.async('string'))).toMatchObject({ scope: 'user' });
  });

  it('a tampered user inside a configuration archive refuses the whole import, changing nothing', async () => {
    const { a, client, alice } = await instance();
    const files = await allText((await download(client, '/api/config/export')).body);
    const manifest = JSON.parse(files.get('manifest.json')!);
    const folder = manifest.users.find((u: { id: string }) => u.id === alice._id).folder;
    const entries = [...files].map(([name, text]) => ({
      name,
      data: Buffer.from(name === `${folder}data.json` ? text.replace('GitHub', 'Evil') : text, 'latin1'),
    }));
    await client.post('/api/user/data/clear');
    const before = { admin: await everything(a._id), alice: await everything(alice._id) };
    const res = await importZip(client, '/api/config/import', rawZip(entries));
    expect(res.status).toBe(400);
    expect(res.json.details.reason).toBe('bad_data_signature');
    expect({ admin: await everything(a._id), alice: await everything(alice._id) }).toEqual(before);
  });

  it('an archive that moves the AI base URL drops the stored key (archives carry none)', async () => {
    const { client } = await instance();
    await client.put('/api/settings', { aiApiKey: SECRET, aiBaseUrl: 'https://ai.example/v1' });
    const files = await allText((await download(client, '/api/config/export')).body);
    const manifest = JSON.parse(files.get('manifest.json')!);
    const importWith = async (aiBaseUrl: string) => {
      const settings = JSON.stringify({ ...JSON.parse(files.get('settings.json')!), aiBaseUrl });
      const signed = { ...manifest, settingsSignature: signData(Buffer.from(settings, 'latin1')) };
      const zip = rawZip(
        [...files].map(([name, text]) => ({
          name,
          data: Buffer.from(
            name === 'settings.json' ? settings : name === 'manifest.json' ? JSON.stringify(signed) : text,
            'latin1',
          ),
        })),
      );
      const res = await importZip(client, '/api/config/import', zip, { mode: 'clean' });
      expect(res.status, res.text).toBe(200);
      return SettingsModel.findById('global').lean();
    };
    expect(await importWith('https://ai.example/v1')).toMatchObject({
      aiApiKey: SECRET,
      aiBaseUrl: 'https://ai.example/v1',
    });
    expect(await importWith('https://evil.example/v1')).toMatchObject({
      aiApiKey: '',
      aiBaseUrl: 'https://evil.example/v1',
    });
  });

  it('a signed but malformed settings.json is a 400 on detect and import (it was a 500), changing nothing', async () => {
    const { a, client, alice } = await instance();
    const files = await allText((await download(client, '/api/config/export')).body);
    const manifest = JSON.parse(files.get('manifest.json')!);
    const before = {
      admin: await everything(a._id),
      alice: await everything(alice._id),
      settings: await SettingsModel.findById('global').lean(),
    };
    for (const settings of [
      '{"siteName": "Broken',
      '[1, 2]',
      '"text"',
      `${'['.repeat(2000)}${']'.repeat(2000)}`,
    ]) {
      const signed = { ...manifest, settingsSignature: signData(Buffer.from(settings, 'latin1')) };
      const zip = rawZip(
        [...files].map(([name, text]) => ({
          name,
          data: Buffer.from(
            name === 'settings.json' ? settings : name === 'manifest.json' ? JSON.stringify(signed) : text,
            'latin1',
          ),
        })),
      );
      for (const path of ['/api/config/detect', '/api/config/import']) {
        const res = await importZip(client, path, zip, { mode: 'clean' });
        expect(res.status, `${path} ${settings.slice(0, 20)}`).toBe(400);
        expect(res.json.code).toBe('bad_request');
        expect(typeof res.json.error).toBe('string');
        expect(res.json.details.reason).toBe('bad_data');
      }
    }
    expect({
      admin: await everything(a._id),
      alice: await everything(alice._id),
      settings: await SettingsModel.findById('global').lean(),
    }).toEqual(before);
  });
});
