// The MCP tool over bulk edits of cards: the same schema and service as POST /api/cards/bulk.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../setup/db';
import { createUser, tokenClient } from '../factories';
import { call, mcpClient, newToken } from './mcp-helpers';

describe('MCP bulk_update_cards', () => {
  beforeEach(resetDatabase);

  it('moves and pins many cards at once, all or nothing, and answers an undo token', async () => {
    const alice = await createUser({ username: 'alice' });
    const bob = await createUser({ username: 'bob' });
    const a = await mcpClient((await newToken(alice)).token);
    const b = await mcpClient((await newToken(bob)).token);
    const tag = (await call(a, 'create_tag', { name: 'Reading' })).json;
    const ids: string[] = [];
    for (const i of [1, 2, 3])
      ids.push((await call(a, 'create_site_card', { name: `S${i}`, url: `https://s${i}.example` })).json.id);
    const note = (await call(a, 'create_note_card', { title: 'N', content: 'x' })).json.id;
    const bobs = (await call(b, 'create_site_card', { name: 'Bob', url: 'https://bob.example' })).json.id;

    // A destructive tool: an automatic snapshot (of the data before it) is taken before it runs.
    expect((await call(a, 'list_snapshots')).json).toHaveLength(0);
    const moved = await call(a, 'bulk_update_cards', { ids: [...ids, note], op: 'move', tagId: tag.id });
    expect(moved).toEqual({
      isError: false,
      json: { ok: true, op: 'move', changedIds: ids, skippedIds: [note], undoToken: expect.any(String) },
    });
    const tagsOf = async () =>
      Object.fromEntries(
        ((await call(a, 'list_all_site_cards')).json as { name: string; tags: { name: string }[] }[]).map(
          (c) => [c.name, c.tags.map((t) => t.name).join(',')],
        ),
      );
    expect(await tagsOf()).toEqual({ S1: 'Reading', S2: 'Reading', S3: 'Reading' });
    expect((await call(a, 'list_snapshots')).json).toHaveLength(1);

    // One of Bob's ids refuses the whole call; Bob cannot name Alice's cards either.
    const refused = await call(a, 'bulk_update_cards', { ids: [ids[0], bobs], op: 'delete' });
    expect(refused).toEqual({ isError: true, json: { error: `Card ${bobs} not found` } });
    expect((await call(b, 'bulk_update_cards', { ids, op: 'pin' })).isError).toBe(true);
    expect((await call(a, 'list_all_cards')).json).toHaveLength(4);
    // Arguments are checked by the same schema.
    expect(await call(a, 'bulk_update_cards', { ids, op: 'addTag' })).toEqual({
      isError: true,
      json: { error: 'tagId: Choose a tag' },
    });

    // Its undo token undoes it through the API.
    const deleted = await call(a, 'bulk_update_cards', { ids: [ids[0], note], op: 'delete' });
    expect(deleted.json.changedIds).toEqual([ids[0], note]);
    expect((await call(a, 'list_all_cards')).json).toHaveLength(2);
    const api = await tokenClient(alice);
    expect((await api.post('/api/undo', { token: deleted.json.undoToken })).status).toBe(200);
    expect((await call(a, 'list_all_cards')).json).toHaveLength(4);

    // Read-only tokens neither see nor run it.
    const ro = await mcpClient((await newToken(alice, true)).token);
    expect((await ro.listTools()).tools.map((t) => t.name)).not.toContain('bulk_update_cards');
    expect(await call(ro, 'bulk_update_cards', { ids, op: 'unpin' })).toEqual({
      isError: true,
      json: { error: 'This access token is read-only' },
    });
    const { tools } = await a.listTools();
    const schema = tools.find((t) => t.name === 'bulk_update_cards')!.inputSchema;
    expect(schema.required).toEqual(['ids', 'op']);
    await Promise.all([a.close(), b.close(), ro.close()]);
  });
});
