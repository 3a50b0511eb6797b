// Caution in proportion to the harm (issue 26 item 7): what cannot be undone goes through a confirm step that works
// without JavaScript; deleting a card, which Undo takes back, happens at once.
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '#server/actor';
import { UserModel } from '#server/users/user.model';
import { createUser, sessionClient } from '../factories';
import { Client } from '../setup/client';
import { resetDatabase } from '../setup/db';

/** Posts a page form like a browser without JavaScript. */
async function postForm(c: Client, path: string, fields: Record<string, string>) {
  if (!c.csrf()) await c.get('/login');
  return c.call('POST', path, {
    rawBody: new URLSearchParams({ csrf: c.csrf()!, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function signedIn(username = 'alice') {
  const user = await createUser({ username });
  return { user, c: await sessionClient(user) };
}

describe('confirm steps without JavaScript', () => {
  beforeEach(async () => {
    await resetDatabase();
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });
  });

  it('deleting a snapshot: the row links to a confirm step; a post without confirm deletes nothing', async () => {
    const { c } = await signedIn();
    const { id } = (await c.post('/api/snapshots', { label: 'keep me' })).json.item;
    const list = await c.get('/settings/history');
    expect(list.text).toContain(`href="/settings/history?delete=${id}#confirm"`);

    const unconfirmed = await postForm(c, '/settings/history', { intent: 'delete', id });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get('location')).toBe(`/settings/history?delete=${id}#confirm`);
    expect((await c.get('/api/snapshots')).json.items).toHaveLength(1);

    const step = await c.get(`/settings/history?delete=${id}`);
    expect(step.text).toContain('Delete the snapshot “keep me”?');
    expect(step.text).toContain('name="confirm" value="on"');
    const done = await postForm(c, '/settings/history', { intent: 'delete', id, confirm: 'on' });
    expect(done.status).toBe(302);
    expect((await c.get('/api/snapshots')).json.items).toHaveLength(0);
  });

  it('deleting an access token: a confirm step first; the token works until it is confirmed', async () => {
    const { c } = await signedIn();
    const created = await postForm(c, '/profile', {
      intent: 'token-create',
      name: 'backup',
      expiresIn: '1y',
    });
    const secret = /sak_[0-9a-f]{64}/.exec(created.text)![0];
    const id = (await c.get('/api/user/tokens')).json[0].id as string;
    expect((await c.get('/profile')).text).toContain(`href="/profile?delete-token=${id}#tokens"`);

    const unconfirmed = await postForm(c, '/profile', { intent: 'token-delete', id });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get('location')).toBe(`/profile?delete-token=${id}#tokens`);
    expect((await new Client({ token: secret }).get('/api/user/profile')).status).toBe(200);

    expect((await c.get(`/profile?delete-token=${id}`)).text).toContain('Delete the token “backup”?');
    expect((await postForm(c, '/profile', { intent: 'token-delete', id, confirm: 'on' })).status).toBe(302);
    expect((await new Client({ token: secret }).get('/api/user/profile')).status).toBe(401);
  });

  it('a temporary password: a confirm step that says the sessions end, then the password with a copy button', async () => {
    const boss = await sessionClient((await UserModel.findById(ADMIN_ID).lean())!);
    const { user, c: cleo } = await signedIn('cleo');
    const hash = (await UserModel.findById(user._id).lean())!.passwordHash;
    expect((await boss.get('/admin/users')).text).toContain(
      `href="/admin/users?temp-password=${user._id}#confirm"`,
    );

    const unconfirmed = await postForm(boss, '/admin/users', { intent: 'temp-password', id: user._id });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get('location')).toBe(`/admin/users?temp-password=${user._id}#confirm`);
    expect((await UserModel.findById(user._id).lean())!.passwordHash).toBe(hash);
    expect((await cleo.get('/api/user/profile')).status).toBe(200);

    const step = await boss.get(`/admin/users?temp-password=${user._id}`);
    expect(step.text).toContain('Give cleo a temporary password?');
    expect(step.text).toContain('signed out');
    const done = await postForm(boss, '/admin/users', {
      intent: 'temp-password',
      id: user._id,
      confirm: 'on',
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Copy password');
    expect(done.text).toMatch(/id="temp-password"[^>]*readOnly|readonly/i);
    expect((await UserModel.findById(user._id).lean())!.passwordHash).not.toBe(hash);
    expect((await cleo.get('/api/user/profile')).status).toBe(401);
  });

  it('the one-time username change shows the new name in a confirm step before it is made', async () => {
    const { user, c } = await signedIn('alice');
    const first = await postForm(c, '/profile', { intent: 'username', username: 'alicia' });
    expect(first.status).toBe(200);
    expect(first.text).toContain('Change your username to alicia?');
    expect((await UserModel.findById(user._id).lean())!.username).toBe('alice');
    const done = await postForm(c, '/profile', { intent: 'username', username: 'alicia', confirm: 'on' });
    expect(done.status).toBe(302);
    expect((await UserModel.findById(user._id).lean())!.username).toBe('alicia');
  });
});

describe('deleting a card needs no confirmation page', () => {
  beforeEach(async () => {
    await resetDatabase();
    await createUser({ id: ADMIN_ID, role: 'admin', username: 'boss' });
  });

  it('the dashboard’s Delete posts at once and the toast offers Undo; the old page address leads to the editor', async () => {
    const { c } = await signedIn();
    const card = (await c.post('/api/site-cards', { name: 'Gone soon', siteUrl: 'https://gone.example/' }))
      .json.item;
    const board = await c.get('/?edit=1');
    expect(board.text).toContain(`action="/edit/cards/${card.id}/delete"`);
    const old = await c.get(`/edit/cards/${card.id}/delete`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/edit/sites/${card.id}`);

    const deleted = await postForm(c, `/edit/cards/${card.id}/delete`, { returnTo: '/?edit=1' });
    expect(deleted.status).toBe(302);
    expect((await c.get('/api/site-cards')).json.items.map((s: { id: string }) => s.id)).not.toContain(
      card.id,
    );
    const page = await c.get(deleted.headers.get('location')!);
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    expect(token).toBeTruthy();
    expect((await postForm(c, '/undo', { token: token!, returnTo: '/' })).status).toBe(302);
    expect((await c.get('/api/site-cards')).json.items.map((s: { id: string }) => s.id)).toContain(card.id);
  });
});
