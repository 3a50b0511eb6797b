import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { actorOf, createUser, sessionClient } from '../factories';
import type { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';
import { dbData, fillSpace } from './snapshot-helpers';

/** Posts the history page's form like a browser without JavaScript. */
async function post(c: Client, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', '/settings/history', {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('version history page without JavaScript', () => {
  beforeEach(resetDatabase);

  it('lists, takes, renames, restores (after a confirmation page) and deletes snapshots', async () => {
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });
    const user = await createUser({ username: 'alice' });
    const c = await sessionClient(user);
    await fillSpace(actorOf(user), 'a', 2);
    const before = await dbData(user._id);

    expect((await c.get('/settings/history')).text).toContain('No snapshots yet.');
    const taken = await post(c, { intent: 'create', label: 'page one' });
    expect(taken.status).toBe(302);
    expect(taken.headers.get('location')).toBe('/settings/history');
    expect((await c.get('/settings/history')).text).toContain('page one');
    const id = (await c.get('/api/snapshots')).json.items[0].id as string;

    // A label that is too long is a form error, not a crash.
    const long = await post(c, { intent: 'create', label: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    // ...on the label field, which keeps what was typed (the form pipeline's reply).
    expect(long.text).toMatch(
      /id="history-take-label"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="history-take-label"/,
    );
    expect(long.text).toContain(`value="${'x'.repeat(101)}"`);
    const blank = await post(c, { intent: 'rename', id, label: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('Label must not be blank');
    expect((await post(c, { intent: 'rename', id, label: 'renamed' })).status).toBe(302);

    await fillSpace(actorOf(user), 'b', 1);
    const confirm = await c.get(`/settings/history?restore=${id}`);
    expect(confirm.text).toContain('Restore “renamed”?');
    expect((await post(c, { intent: 'restore', id, confirm: 'on' })).status).toBe(302);
    expect(await dbData(user._id)).toEqual(before);

    // Another user's snapshot: refused, nothing changes.
    const bob = await createUser({ username: 'bob' });
    const b = await sessionClient(bob);
    expect((await post(b, { intent: 'restore', id, confirm: 'on' })).status).toBe(404);
    expect((await post(b, { intent: 'delete', id, confirm: 'on' })).status).toBe(404);
    expect((await b.get(`/settings/history?restore=${id}`)).text).not.toContain('renamed');

    expect((await post(c, { intent: 'delete', id, confirm: 'on' })).status).toBe(302);
    expect((await c.get('/api/snapshots')).json.items.map((s: { id: string }) => s.id)).not.toContain(id);
    // Without the CSRF token: refused.
    const forged = await c.call('POST', '/settings/history', {
      rawBody: new URLSearchParams({ intent: 'create' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
  });
});
