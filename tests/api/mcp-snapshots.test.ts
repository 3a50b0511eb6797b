import { beforeEach, describe, expect, it } from 'vitest';
import { SnapshotModel } from '#server/snapshots/snapshot.model';
import { actorOf, createUser } from '../factories';
import { resetDatabase } from '../setup/db';
import { call, mcpClient, newToken } from './mcp-helpers';
import { dbData, fillSpace } from './snapshot-helpers';

describe('MCP snapshot tools', () => {
  beforeEach(resetDatabase);

  it('create, list, get, restore and delete with the older service’s results', async () => {
    const alice = await createUser({ username: 'alice' });
    await fillSpace(actorOf(alice), 'a', 2);
    const before = await dbData(alice._id);
    const c = await mcpClient((await newToken(alice)).token);

    const created = await call(c, 'create_snapshot', { label: 'mine' });
    expect(created.isError).toBe(false);
    expect(Object.keys(created.json).sort()).toEqual(['createdAt', 'id', 'label', 'ownerId']);
    expect(created.json).toMatchObject({ label: 'mine', ownerId: alice._id });
    expect((await call(c, 'create_snapshot')).json).toEqual({ message: '数据无变化，快照已跳过' });

    const listed = await call(c, 'list_snapshots');
    expect(listed.json).toEqual([created.json]);
    const got = await call(c, 'get_snapshot', { id: created.json.id });
    expect(got.json).toMatchObject(created.json);
    expect(got.json.data.cards).toHaveLength(before.cards.length);

    await fillSpace(actorOf(alice), 'b', 1);
    expect((await call(c, 'restore_snapshot', { id: created.json.id })).json).toEqual({
      success: true,
      message: '快照已恢复',
    });
    expect(await dbData(alice._id)).toEqual(before);

    expect((await call(c, 'delete_snapshot', { id: created.json.id })).json).toEqual({ success: true });
    const missing = await call(c, 'delete_snapshot', { id: created.json.id });
    expect(missing.isError).toBe(true);
    expect(missing.json.error).toBeTruthy();
    expect((await call(c, 'get_snapshot', { id: 'snap-nope' })).isError).toBe(true);
  });

  it('default label and isolation between two users’ tokens', async () => {
    const alice = await createUser({ username: 'alice' });
    const bob = await createUser({ username: 'bob' });
    await fillSpace(actorOf(alice), 'a', 1);
    const a = await mcpClient((await newToken(alice)).token);
    const b = await mcpClient((await newToken(bob)).token);
    const created = (await call(a, 'create_snapshot')).json;
    expect(created.label).toMatch(/^MCP 快照 /);
    expect((await call(b, 'list_snapshots')).json).toEqual([]);
    expect((await call(b, 'get_snapshot', { id: created.id })).isError).toBe(true);
    expect((await call(b, 'restore_snapshot', { id: created.id })).isError).toBe(true);
    expect((await call(b, 'delete_snapshot', { id: created.id })).isError).toBe(true);
    expect((await call(a, 'list_snapshots')).json).toHaveLength(1);
  });

  it('takes an automatic snapshot before every destructive tool, so it can be undone', async () => {
    const alice = await createUser({ username: 'alice' });
    await fillSpace(actorOf(alice), 'a', 2);
    const before = await dbData(alice._id);
    const c = await mcpClient((await newToken(alice)).token);
    const site = before.cards.find((x) => x.cardType === null)!;

    expect((await call(c, 'delete_site_card', { id: site._id })).json).toEqual({ success: true });
    const autos = await SnapshotModel.find({ ownerId: alice._id, reason: 'mcp' }).lean();
    expect(autos).toHaveLength(1);
    // Undo the deletion by restoring the automatic snapshot.
    await call(c, 'restore_snapshot', { id: autos[0]!._id });
    expect(await dbData(alice._id)).toEqual(before);

    // Repeated destructive calls on unchanged data add no duplicate snapshot; read tools take none.
    const count = () => SnapshotModel.countDocuments({ ownerId: alice._id });
    await call(c, 'delete_tag', { id: 'tag-nope' });
    const n = await count();
    await call(c, 'delete_tag', { id: 'tag-nope' });
    await call(c, 'list_tags');
    expect(await count()).toBe(n);
    await call(c, 'batch_create_site_cards', { sites: [{ name: 'n', url: 'https://n.example.test/' }] });
    await call(c, 'batch_create_site_cards', { sites: [{ name: 'm', url: 'https://m.example.test/' }] });
    expect(await count()).toBe(n + 1);
  });
});
