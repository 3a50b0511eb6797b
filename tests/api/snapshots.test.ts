import { beforeEach, describe, expect, it } from 'vitest';
import { removeCards } from '#server/cards/card-delete.service';
import { SnapshotChunkModel, SnapshotModel } from '#server/snapshots/snapshot.model';
import { purgeUser } from '#server/users/account-deletion';
import { getSnapshot } from '#server/snapshots/snapshot.service';
import { getSpace } from '#server/spaces/space.cache';
import { admin, actorOf, createUser, sessionClient, tokenClient } from '../factories';
import { dbSeenState, seenState } from '../read-model-helpers';
import { commitReload } from '#server/spaces/space.write';
import { resetDatabase } from '../setup/db';
import { contentOf, dbData, fillSpace } from './snapshot-helpers';

async function person(name: string) {
  const user = await createUser({ username: name });
  return { user, actor: actorOf(user), client: await sessionClient(user) };
}

describe('snapshots API', () => {
  beforeEach(resetDatabase);

  it('round trip: restore gives back exactly the snapshot, other users untouched', async () => {
    const a = await person('alice');
    const b = await person('bob');
    const { siteIds } = await fillSpace(a.actor, 'a');
    await fillSpace(b.actor, 'b', 3);
    const before = await dbData(a.user._id);
    const bBefore = await dbData(b.user._id);

    const created = await a.client.post('/api/snapshots', { label: 'before' });
    expect(created.status).toBe(200);
    expect(created.json.item).toMatchObject({ ownerId: a.user._id, label: 'before' });
    const id = created.json.item.id as string;
    expect((await getSnapshot(a.actor, id)).data).toEqual(before);

    // Change everything: delete cards, add new ones, rename.
    await removeCards(a.actor, () => siteIds.slice(0, 3));
    await fillSpace(a.actor, 'later', 2);
    const changed = await dbData(a.user._id);
    expect(changed).not.toEqual(before);

    const restored = await a.client.post(`/api/snapshots?action=restore&id=${id}`);
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual({ ok: true });
    expect(await dbData(a.user._id)).toEqual(before);
    // The restoring instance serves the restored space at once; another instance (this process's copy of the
    // read model) reloads it at its next check.
    const listed = await a.client.get('/api/navigation/cards');
    expect(listed.json.total).toBe(before.cards.length);
    expect(await seenState(a.client)).toEqual(await dbSeenState(a.user._id));
    expect(await contentOf(await getSpace(a.user._id))).toEqual(before);
    expect(await dbData(b.user._id)).toEqual(bBefore);

    // An automatic snapshot of the state before the restore was taken, so the restore can be undone.
    const list = await a.client.get('/api/snapshots');
    const auto = list.json.items.find((s: { reason: string }) => s.reason === 'restore');
    expect(auto).toBeTruthy();
    await a.client.post(`/api/snapshots?action=restore&id=${auto.id}`);
    expect(await dbData(a.user._id)).toEqual(changed);
  });

  it('skips identical consecutive snapshots and numbers default labels', async () => {
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 2);
    const first = await a.client.post('/api/snapshots');
    expect(first.json.item.label).toBe('v1');
    expect((await a.client.post('/api/snapshots', {})).json).toEqual({ skipped: true });
    // An invalid body is accepted as "no label".
    expect((await a.client.call('POST', '/api/snapshots', { rawBody: 'nope' })).json).toEqual({
      skipped: true,
    });
    await fillSpace(a.actor, 'b', 1);
    const second = await a.client.post('/api/snapshots', {});
    expect(second.json.item.label).toBe('v2');
    const list = await a.client.get('/api/snapshots');
    expect(list.json.items.map((s: { label: string }) => s.label)).toEqual(['v2', 'v1']);
    expect(Object.keys(list.json.items[0])).toEqual(
      expect.arrayContaining(['id', 'ownerId', 'label', 'createdAt']),
    );
  });

  it('renames and deletes; missing ids and blank labels are 400', async () => {
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 1);
    const id = (await a.client.create('/api/snapshots')).id as string;
    expect((await a.client.patch(`/api/snapshots?id=${id}`, { label: 'renamed' })).json).toEqual({
      ok: true,
    });
    expect((await a.client.get('/api/snapshots')).json.items[0].label).toBe('renamed');
    expect((await a.client.patch(`/api/snapshots?id=${id}`, { label: '  ' })).status).toBe(400);
    expect((await a.client.patch('/api/snapshots', { label: 'x' })).status).toBe(400);
    expect((await a.client.delete('/api/snapshots')).status).toBe(400);
    expect((await a.client.post('/api/snapshots?action=restore')).status).toBe(400);
    expect((await a.client.delete(`/api/snapshots?id=${id}`)).json).toEqual({ ok: true });
    expect((await a.client.delete(`/api/snapshots?id=${id}`)).status).toBe(404);
    expect((await a.client.get('/api/snapshots')).json.items).toEqual([]);
  });

  it('isolation: another user cannot see, rename, restore or delete a snapshot', async () => {
    const a = await person('alice');
    const b = await person('bob');
    await fillSpace(a.actor, 'a', 2);
    await fillSpace(b.actor, 'b', 2);
    const id = (await a.client.create('/api/snapshots')).id as string;
    const bBefore = await dbData(b.user._id);
    expect((await b.client.get('/api/snapshots')).json.items).toEqual([]);
    expect((await b.client.patch(`/api/snapshots?id=${id}`, { label: 'mine' })).status).toBe(404);
    expect((await b.client.post(`/api/snapshots?action=restore&id=${id}`)).status).toBe(404);
    expect((await b.client.delete(`/api/snapshots?id=${id}`)).status).toBe(404);
    expect(await dbData(b.user._id)).toEqual(bBefore);
    expect((await a.client.get('/api/snapshots')).json.items[0].label).toBe('v1');
    // Without a session: 401 JSON.
    const anon = await new (await import('../setup/client')).Client().get('/api/snapshots');
    expect(anon.status).toBe(401);
  });

  it('cleanup is for administrators and removes expired snapshots of every user', async () => {
    const adm = await admin();
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 1);
    const id = (await a.client.create('/api/snapshots')).id as string;
    expect((await a.client.post('/api/snapshots?action=cleanup')).status).toBe(403);
    expect((await adm.client.post('/api/snapshots?action=cleanup')).json).toEqual({ ok: true, cleaned: 0 });
    await SnapshotModel.updateOne(
      { _id: id },
      { $set: { createdAt: new Date(Date.now() - 31 * 86_400_000) } },
    );
    expect((await adm.client.post('/api/snapshots?action=cleanup')).json).toEqual({ ok: true, cleaned: 1 });
    expect((await a.client.get('/api/snapshots')).json.items).toEqual([]);
  });

  it('deleting an account deletes its snapshots and their data', async () => {
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 1);
    await a.client.post('/api/snapshots');
    expect(await SnapshotChunkModel.countDocuments()).toBe(1);
    await purgeUser(a.user._id);
    expect(await SnapshotModel.countDocuments()).toBe(0);
    expect(await SnapshotChunkModel.countDocuments()).toBe(0);
  });

  it('works with access tokens; a read-only token may only list', async () => {
    const alice = await createUser({ username: 'alice' });
    await fillSpace(actorOf(alice), 'a', 1);
    const rw = await tokenClient(alice);
    const ro = await tokenClient(alice, { readOnly: true });
    expect((await rw.post('/api/snapshots')).status).toBe(200);
    expect((await ro.get('/api/snapshots')).json.items).toHaveLength(1);
    expect((await ro.post('/api/snapshots')).status).toBe(403);
  });

  // The app's cached copy holds rows written by its writer in the writer's key order, a fully loaded one in the
  // schema's: snapshot content, its hash and the restored documents must not depend on which it was.
  it('a snapshot of a written copy hashes like a freshly loaded one and restores to the same JSON', async () => {
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 2);
    expect((await a.client.post('/api/snapshots')).status).toBe(200);
    // Written through the app, so its copy holds what its writer wrote.
    for (const i of [1, 2])
      await a.client.post('/api/site-cards', { name: `b${i}`, url: `https://b${i}.example.com` });
    const id = (await a.client.create('/api/snapshots')).id as string;
    const before = await dbData(a.user._id);
    // Loaded afresh (another instance claims a revision, so the app reloads): still "nothing changed".
    await commitReload(a.user._id);
    expect((await a.client.post('/api/snapshots')).json).toEqual({ skipped: true });
    await fillSpace(a.actor, 'c', 1);
    expect((await a.client.post(`/api/snapshots?action=restore&id=${id}`)).status).toBe(200);
    expect(JSON.stringify(await dbData(a.user._id))).toBe(JSON.stringify(before));
  });

  it('concurrent restores and creations leave exactly one snapshot state', async () => {
    const a = await person('alice');
    await fillSpace(a.actor, 'a', 4);
    const s1 = (await a.client.create('/api/snapshots')).id as string;
    const one = await dbData(a.user._id);
    await fillSpace(a.actor, 'b', 3);
    const s2 = (await a.client.create('/api/snapshots')).id as string;
    const two = await dbData(a.user._id);
    const calls = [];
    for (let i = 0; i < 6; i++) {
      calls.push(a.client.post(`/api/snapshots?action=restore&id=${i % 2 ? s1 : s2}`));
      calls.push(a.client.post('/api/snapshots', {}));
    }
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const now = await dbData(a.user._id);
    expect([JSON.stringify(one), JSON.stringify(two)]).toContain(JSON.stringify(now));
    // The app and this process's copy agree with the database.
    expect(await seenState(a.client)).toEqual(await dbSeenState(a.user._id));
    expect(await contentOf(await getSpace(a.user._id))).toEqual(now);
  });
});
