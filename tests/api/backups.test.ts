// Scheduled backups of the whole instance (issue 28, item 7): a scheduled run without a click, retention, the
// folder destination, a recorded failure, restore of data changed after the backup (API and page, with the
// password), admins only, and one writer per slot when another instance holds its lease.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupRunModel } from '#server/backups/backup-run.model';
import { backupTicks, runDueBackup, startBackups, stopBackups } from '#server/backups/backup.scheduler';
import { backupSlot, slotRunId } from '#server/backups/backup.service';
import { env } from '#server/env';
import { SettingsModel } from '#server/settings/settings.model';
import { deletePrefix, listObjects, putObject } from '#server/storage';
import { admin, createUser, PASSWORD, sessionClient } from '../factories';
import { appUrl } from '../setup/app';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { dump, entriesOf, populate } from './zip-helpers';

const HOUR = 3_600_000;
const folder = () => env().BACKUP_DIR!;
const s3Names = async () => (await listObjects('backups/')).map((o) => o.key.slice('backups/'.length)).sort();

async function instance() {
  const { user: a, client } = await admin();
  await client.put('/api/settings', { siteName: 'My Nav' });
  const alice = await createUser({ username: 'alice' });
  const c = await sessionClient(alice);
  const made = await populate(c);
  await client.get('/admin/backups'); // the CSRF cookie for page posts
  return { a, client, alice, c, made };
}

/** A backup downloaded as the browser would (its bytes, not text). */
async function getFile(c: Client, name: string) {
  const base = await appUrl();
  const res = await fetch(`${base}/api/admin/backups/${encodeURIComponent(name)}`, {
    headers: { cookie: c.cookieHeader() },
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function pagePost(c: Client, fields: Record<string, string>) {
  return c.call('POST', '/admin/backups', {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

beforeEach(async () => {
  await resetDatabase();
  await deletePrefix('backups/');
  await rm(folder(), { recursive: true, force: true });
});

afterEach(async () => {
  await stopBackups();
});

describe('scheduled backups', () => {
  it('run without a click once switched on, one per slot, with every user’s data and files', async () => {
    const { client, alice } = await instance();
    expect((await client.get('/api/admin/backups')).json).toMatchObject({ items: [], nextRunAt: null });
    const saved = await client.put('/api/admin/backups/settings', { enabled: true, everyHours: 1, hour: 0 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ enabled: true, everyHours: 1, hour: 0, keep: 7, destination: 's3' });

    startBackups();
    await vi.waitFor(async () => expect(await s3Names()).toHaveLength(1), { timeout: 30_000, interval: 50 });
    const list = await vi.waitFor(
      async () => {
        const res = await client.get('/api/admin/backups');
        expect(res.json.lastRun?.status).toBe('done');
        return res.json;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ kind: 'scheduled', size: list.lastRun.size });
    expect(list.items[0].name).toMatch(/^sakura-backup-\d{8}-\d{6}\.zip$/);
    // The slot has its run: the next is the following slot.
    const slot = backupSlot(Date.now(), 1, 0);
    expect(list.nextRunAt).toBe(new Date(slot + HOUR).toISOString());

    // The configuration archive, with alice's files in it (the import reads it back).
    const file = await getFile(client, list.items[0].name);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const entries = await entriesOf(file.body);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    // The schedule is the server's: not in the archive, so a restore cannot switch backups off.
    expect(Object.keys(JSON.parse(entries.get('settings.json')!.toString()))).not.toContain('backupEnabled');
    expect(manifest.scope).toBe('config');
    const folderOf = manifest.users.find((u: { id: string }) => u.id === alice._id).folder;
    expect([...entries.keys()].filter((k) => k.startsWith(`${folderOf}assets/`)).length).toBeGreaterThan(2);

    // Later ticks of the same slot write nothing more (the next slot's run: the lease test below).
    const ran = (await BackupRunModel.find({}).lean()).length;
    const seen = backupTicks();
    await vi.waitFor(() => expect(backupTicks()).toBeGreaterThan(seen + 3), {
      timeout: 10_000,
      interval: 10,
    });
    expect((await BackupRunModel.find({}).lean()).length).toBe(ran);
    expect(await s3Names()).toHaveLength(1);
  });

  it('keeps the newest N and leaves other objects under backups/ alone', async () => {
    const { client } = await instance();
    await client.put('/api/admin/backups/settings', { enabled: true, everyHours: 1, hour: 0, keep: 2 });
    await putObject('backups/README.txt', Buffer.from('mine'), { contentType: 'text/plain' });
    const t0 = Date.UTC(2026, 0, 15, 3, 0, 0);
    for (let i = 0; i < 3; i++) expect((await runDueBackup(t0 + i * HOUR))?.status).toBe('done');
    expect(await s3Names()).toEqual([
      'README.txt',
      'sakura-backup-20260115-040000.zip',
      'sakura-backup-20260115-050000.zip',
    ]);
    const list = (await client.get('/api/admin/backups')).json;
    expect(list.items.map((i: { name: string }) => i.name)).toEqual([
      'sakura-backup-20260115-050000.zip',
      'sakura-backup-20260115-040000.zip',
    ]);
  });

  it('one instance writes a slot: a claimed slot is skipped, two at once write one archive', async () => {
    const { client } = await instance();
    await client.put('/api/admin/backups/settings', { enabled: true, everyHours: 24, hour: 3 });
    const now = Date.UTC(2026, 0, 15, 9, 0, 0);
    // Another instance holds this slot's lease (and is writing it).
    await BackupRunModel.collection.insertOne({
      _id: slotRunId(backupSlot(now, 24, 3)),
      kind: 'scheduled',
      status: 'running',
      name: 'sakura-backup-20260115-090000.zip',
      destination: 's3',
      startedAt: new Date(now),
      finishedAt: null,
      size: null,
      error: null,
    } as never);
    expect(await runDueBackup(now)).toBeNull();
    expect(await s3Names()).toEqual([]);

    const next = now + 24 * HOUR;
    const runs = await Promise.all([
      runDueBackup(next),
      runDueBackup(next + 1000),
      runDueBackup(next + 2000),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await s3Names()).toHaveLength(1);
  });

  it('does nothing while switched off', async () => {
    await instance();
    expect(await runDueBackup()).toBeNull();
    expect(await s3Names()).toEqual([]);
  });
});

describe('destinations and failures', () => {
  it('writes to the server folder BACKUP_DIR, lists and downloads from there', async () => {
    const { client } = await instance();
    const saved = await client.put('/api/admin/backups/settings', { destination: 'folder' });
    expect(saved.json).toMatchObject({ destination: 'folder', folderAvailable: true });
    const run = await client.post('/api/admin/backups');
    expect(run.status, run.text).toBe(200);
    expect(run.json).toMatchObject({ status: 'done', kind: 'manual', destination: 'folder' });
    expect(run.json.name).toMatch(/^sakura-backup-\d{8}-\d{6}-manual\.zip$/);
    expect(await readdir(folder())).toEqual([run.json.name]);
    expect(await s3Names()).toEqual([]);
    const list = (await client.get('/api/admin/backups')).json;
    expect(list).toMatchObject({ destination: 'folder', total: 1 });
    const file = await getFile(client, run.json.name);
    expect(file.status).toBe(200);
    expect(Number(file.headers.get('content-length'))).toBe(run.json.size);
  });

  it('records a failed run with its reason and shows it on the page', async () => {
    const { client } = await instance();
    await client.put('/api/admin/backups/settings', { destination: 'folder', keep: 1 });
    expect((await client.post('/api/admin/backups')).json.status).toBe('done');
    // The folder becomes a file: the next run cannot write there.
    await rm(folder(), { recursive: true });
    await mkdir(path.dirname(folder()), { recursive: true });
    await writeFile(folder(), 'in the way');
    // A manual backup is named by its second: the next one starts in the next second.
    const first = (await client.get('/api/admin/backups')).json.lastRun.startedAt.slice(0, 19);
    await vi.waitFor(() => expect(new Date().toISOString().slice(0, 19)).not.toBe(first), { interval: 20 });
    const res = await pagePost(client, { intent: 'run' });
    expect(res.status).toBe(302);
    const page = await client.get('/admin/backups');
    expect(page.text).toContain('The backup failed');
    const list = (await client.get('/api/admin/backups')).json;
    expect(list.lastRun).toMatchObject({ status: 'failed', kind: 'manual' });
    expect(list.lastRun.error).toMatch(/EEXIST|ENOTDIR|exists|not a directory/i);
    expect(list.listError).toMatch(/ENOTDIR|not a directory/i);
    expect(page.text).toContain(list.lastRun.error.slice(0, 12));
  });

  it('refuses a name that is not one of ours (no way out of the destination)', async () => {
    const { client } = await instance();
    for (const name of ['..%2F..%2Fpackage.json', 'sakura-backup-1.zip', 'x.zip']) {
      expect((await client.get(`/api/admin/backups/${name}`)).status, name).toBe(404);
      const restore = await client.post(`/api/admin/backups/${name}/restore`, { password: PASSWORD });
      expect(restore.status, name).toBe(404);
    }
  });
});

describe('restore', () => {
  it('brings back data changed after the backup, with the password; the schedule stays', async () => {
    const { a, client, alice, c, made } = await instance();
    await client.put('/api/admin/backups/settings', { enabled: true, keep: 5 });
    const before = { admin: await dump(a._id), alice: await dump(alice._id) };
    const run = (await client.post('/api/admin/backups')).json;
    expect(run.status).toBe('done');

    // Changed after the backup.
    await c.call('DELETE', `/api/tags?id=${made.dev.id}`);
    await c.post('/api/site-cards', { name: 'Later', siteUrl: 'https://later.test/' });
    await client.put('/api/settings', { siteName: 'Changed' });
    const changed = await dump(alice._id);
    expect(changed).not.toEqual(before.alice);

    const wrong = await client.post(`/api/admin/backups/${run.name}/restore`, { password: 'not-it' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.details).toEqual({ reason: 'wrong_password' });
    expect(await dump(alice._id)).toEqual(changed);

    const res = await client.post(`/api/admin/backups/${run.name}/restore`, { password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ ok: true, restored: run.name, users: 2, settings: true });
    expect(await dump(alice._id)).toEqual(before.alice);
    expect(await dump(a._id)).toEqual(before.admin);
    const settings = (await SettingsModel.findById('global').lean())!;
    expect(settings.siteName).toBe('My Nav');
    expect(settings).toMatchObject({ backupEnabled: true, backupKeep: 5 });
  });

  it('a reset of the instance keeps the backup schedule', async () => {
    const { client } = await instance();
    await client.put('/api/admin/backups/settings', { enabled: true, everyHours: 6, keep: 3 });
    const reset = await client.post('/api/config/reset', { password: PASSWORD });
    expect(reset.status, reset.text).toBe(200);
    expect((await client.get('/api/admin/backups/settings')).json).toMatchObject({
      enabled: true,
      everyHours: 6,
      keep: 3,
    });
    expect((await SettingsModel.findById('global').lean())!.siteName).toBe('Sakura Dash');
  });

  it('works as a plain page form (CSRF-checked), and a missing backup is a 404 message', async () => {
    const { client, alice, c } = await instance();
    const before = await dump(alice._id);
    const run = await pagePost(client, { intent: 'run' });
    expect(run.status).toBe(302);
    const name = (await client.get('/api/admin/backups')).json.items[0].name as string;
    expect((await client.get('/admin/backups')).text).toContain('Backup written');
    await c.post('/api/site-cards', { name: 'Later', siteUrl: 'https://later.test/' });

    const forged = await client.call('POST', '/admin/backups', {
      rawBody: new URLSearchParams({ intent: 'restore', name, password: PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
    const wrong = await pagePost(client, { intent: 'restore', name, password: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('The confirmation password is wrong');
    const gone = await pagePost(client, {
      intent: 'restore',
      name: 'sakura-backup-20200101-000000.zip',
      password: PASSWORD,
    });
    expect(gone.status).toBe(404);
    expect(await dump(alice._id)).not.toEqual(before);

    const ok = await pagePost(client, { intent: 'restore', name, password: PASSWORD });
    expect(ok.status, ok.text.slice(0, 300)).toBe(302);
    expect(await dump(alice._id)).toEqual(before);
    expect((await client.get('/admin/backups')).text).toContain(`Restored ${name}`);
  });
});

describe('the page and who may use it', () => {
  it('saves the schedule from a plain form; linked from the admin menu', async () => {
    const { client } = await instance();
    const page = await client.get('/admin/backups');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="everyHours"');
    expect((await client.get('/')).text).toContain('href="/admin/backups"');
    const bad = await pagePost(client, {
      intent: 'settings',
      enabled: 'on',
      everyHours: '0',
      hour: '3',
      keep: '7',
    });
    expect(bad.status).toBe(400);
    const res = await pagePost(client, {
      intent: 'settings',
      enabled: 'on',
      everyHours: '12',
      hour: '2',
      keep: '4',
      destination: 's3',
    });
    expect(res.status).toBe(302);
    expect((await client.get('/api/admin/backups/settings')).json).toMatchObject({
      enabled: true,
      everyHours: 12,
      hour: 2,
      keep: 4,
    });
    // Unticked: off again.
    await pagePost(client, { intent: 'settings', everyHours: '12', hour: '2', keep: '4', destination: 's3' });
    expect((await client.get('/api/admin/backups/settings')).json.enabled).toBe(false);
  });

  it('refuses users and visitors', async () => {
    await instance();
    const user = await sessionClient(await createUser({ username: 'bob' }));
    const visitor = new Client();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['GET', '/api/admin/backups/settings'],
      ['PUT', '/api/admin/backups/settings', { enabled: true }],
      ['GET', '/api/admin/backups/sakura-backup-20260115-030000.zip'],
      ['POST', '/api/admin/backups/sakura-backup-20260115-030000.zip/restore', { password: PASSWORD }],
    ];
    for (const [method, url, body] of calls) {
      expect((await user.call(method, url, { body })).status, `${method} ${url}`).toBe(403);
      expect((await visitor.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    expect((await user.get('/admin/backups')).status).toBe(403);
    const page = await visitor.get('/admin/backups');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/login/);
    expect((await user.get('/')).text).not.toContain('href="/admin/backups"');
    expect(await s3Names()).toEqual([]);
  });
});
