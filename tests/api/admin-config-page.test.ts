// The administrator's configuration page /admin/config (issue 26, item 5): export (a download through the API's
// endpoint), import and reset as page posts that work without JavaScript, over the services of /api/config/*.
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsModel } from '#server/settings/settings.model';
import { loadSpaceFromDb } from '#server/spaces/space.cache';
import { admin, createUser, PASSWORD, sessionClient } from '../factories';
import { resetDatabase } from '../setup/db';
import type { Client } from '../setup/client';
import { download, dump, populate } from './zip-helpers';

async function instance() {
  const { user: a, client } = await admin();
  await client.put('/api/settings', { siteName: 'My Nav' });
  const alice = await createUser({ username: 'alice' });
  const c = await sessionClient(alice);
  await populate(c);
  await client.get('/admin/config');
  return { a, client, alice, c };
}

/** The import form as a browser sends it: CSRF token, intent, mode and confirmation before the file. */
function importForm(c: Client, zip: Buffer, fields: Record<string, string>) {
  const f = new FormData();
  f.append('csrf', c.csrf()!);
  f.append('intent', 'import');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'config.zip');
  return f;
}

function resetForm(c: Client, password: string) {
  return c.call('POST', '/admin/config', {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, intent: 'reset', password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('/admin/config', () => {
  beforeEach(resetDatabase);

  it('is the administrator’s, linked from the user menu', async () => {
    const { client, c } = await instance();
    const page = await client.get('/admin/config');
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/api/config/export"');
    expect(page.text).toMatch(/enctype="multipart\/form-data"/i);
    expect(page.text).toContain('name="password"');
    expect((await client.get('/')).text).toContain('href="/admin/config"');
    expect((await c.get('/admin/config')).status).toBe(403);
    expect((await c.get('/')).text).not.toContain('href="/admin/config"');
  });

  it('exports, resets only with the password, and imports the archive back', async () => {
    const { a, client, alice } = await instance();
    const before = { admin: await dump(a._id), alice: await dump(alice._id) };
    // The page's export form posts to the API's endpoint with the page's CSRF field.
    const zip = await download(client, '/api/config/export');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');

    const wrong = await resetForm(client, 'not-it');
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('The confirmation password is wrong');
    expect(await dump(alice._id)).toEqual(before.alice);

    const reset = await resetForm(client, PASSWORD);
    expect(reset.status, reset.text.slice(0, 300)).toBe(302);
    expect(reset.headers.get('location')).toBe('/admin/config');
    expect((await loadSpaceFromDb(alice._id)).size).toBe(12);
    expect((await SettingsModel.findById('global').lean())!.siteName).toBe('Sakura Dash');
    expect((await client.get('/admin/config')).text).toContain(
      'The instance was reset to the starter data and default settings.',
    );

    // Not confirmed: refused before the file is read, nothing changes.
    const unconfirmed = await client.call('POST', '/admin/config', {
      rawBody: importForm(client, zip.body, { mode: 'clean' }),
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain('Tick the box to confirm');
    expect((await loadSpaceFromDb(alice._id)).size).toBe(12);

    const res = await client.call('POST', '/admin/config', {
      rawBody: importForm(client, zip.body, { mode: 'clean', confirm: 'on' }),
    });
    expect(res.status, res.text.slice(0, 300)).toBe(302);
    expect(await dump(alice._id)).toEqual(before.alice);
    expect(await dump(a._id)).toEqual(before.admin);
    expect((await SettingsModel.findById('global').lean())!.siteName).toBe('My Nav');
    expect((await client.get('/admin/config')).text).toContain('Imported 2 accounts');
  });

  it('refuses a file that is not a configuration archive with a message', async () => {
    const { client } = await instance();
    const res = await client.call('POST', '/admin/config', {
      rawBody: importForm(client, Buffer.from('not a zip'), { mode: 'clean', confirm: 'on' }),
    });
    expect(res.status).toBe(415);
    expect(res.text).toMatch(/not a ZIP/i);
  });
});
