import { beforeEach, describe, expect, it } from 'vitest';
import { TokenModel } from '#server/tokens/token.model';
import { deleteToken } from '#server/tokens/token.service';
import { MCP_PER_TOKEN } from '#server/mcp/mcp.server';
import { PRODUCT_VERSION } from '#server/product';
import { consume } from '#server/rate-limit/rate-limit.service';
import { resetDatabase } from '../setup/db';
import { Client } from '../setup/client';
import { actorOf, createUser, sessionClient } from '../factories';
import { awayFromWindowEnd } from './account-helpers';
import { call, mcpClient, newToken } from './mcp-helpers';

const TOOLS = [
  'list_tags',
  'list_site_tags',
  'create_tag',
  'update_tag',
  'delete_tag',
  'reorder_tags',
  'list_site_cards',
  'get_site_card',
  'create_site_card',
  'update_site_card',
  'delete_site_card',
  'batch_create_site_cards',
  'list_all_site_cards',
  'list_all_cards',
  'get_card',
  'get_site_preview',
  'list_social_cards',
  'create_social_card',
  'update_social_card',
  'delete_social_card',
  'list_note_cards',
  'create_note_card',
  'update_note_card',
  'delete_note_card',
  'bulk_update_cards',
  'list_snapshots',
  'create_snapshot',
  'get_snapshot',
  'restore_snapshot',
  'delete_snapshot',
  'search_site_cards',
];
const READ_TOOLS = TOOLS.filter((t) => /^(list|get|search)_/.test(t));

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('MCP over Streamable HTTP', () => {
  beforeEach(resetDatabase);

  it('initializes as Sakura Dash and lists every tool with its input schema', async () => {
    const { token } = await newToken(await createUser());
    const client = await mcpClient(token);
    expect(client.getServerVersion()).toMatchObject({ name: 'Sakura Dash', version: PRODUCT_VERSION });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    const create = tools.find((t) => t.name === 'create_site_card')!;
    expect(create.inputSchema.type).toBe('object');
    expect(create.inputSchema.required).toEqual(['name', 'url']);
    expect(Object.keys(create.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['name', 'url', 'description', 'tagIds', 'notes', 'skipOnlineCheck']),
    );
    await client.close();
  });

  it('runs the tag, site, social, note and search tools as thin adapters over the services', async () => {
    const { token } = await newToken(await createUser());
    const c = await mcpClient(token);

    const tag = await call(c, 'create_tag', { name: 'Dev', description: 'tools' });
    expect(tag).toMatchObject({ isError: false, json: { name: 'Dev', description: 'tools' } });
    const tag2 = (await call(c, 'create_tag', { name: 'Docs' })).json;
    expect((await call(c, 'create_tag', { name: '' })).json.error).toMatch(/name/i);
    expect((await call(c, 'update_tag', { id: tag.json.id, description: null })).json.description).toBeNull();
    expect((await call(c, 'update_tag', { id: 'nope', name: 'x' })).isError).toBe(true);
    expect((await call(c, 'reorder_tags', { ids: [tag2.id, tag.json.id] })).json).toEqual({ success: true });
    expect((await call(c, 'reorder_tags', { ids: [] })).isError).toBe(true);
    expect((await call(c, 'list_site_tags')).json.map((t: any) => t.name)).toEqual(['Docs', 'Dev']);

    const site = await call(c, 'create_site_card', {
      name: 'Example',
      url: 'https://example.com',
      tagIds: [tag.json.id],
      notes: 'memo',
      skipOnlineCheck: true,
    });
    expect(site.isError).toBe(false);
    expect(site.json).toMatchObject({ name: 'Example', siteNotes: 'memo', siteSkipOnlineCheck: true });
    expect(site.json.tags.map((t: any) => t.id)).toEqual([tag.json.id]);
    expect((await call(c, 'create_site_card', { name: 'x', url: 'javascript:alert(1)' })).isError).toBe(true);
    expect((await call(c, 'create_site_card', { url: 'https://a.example' })).json.error).toMatch(/^name/);
    // What was wrong with which field: a number for the name is not a missing name (issue 28 item 5).
    expect((await call(c, 'create_site_card', { name: 7, url: 'https://a.example' })).json.error).toBe(
      'name: Name must be text',
    );
    expect((await call(c, 'create_tag', { name: ['x'] })).json.error).toBe('name: Tag name must be text');
    const updated = await call(c, 'update_site_card', { id: site.json.id, description: 'An example' });
    expect(updated.json).toMatchObject({ siteDescription: 'An example', siteNotes: 'memo' });
    expect((await call(c, 'update_site_card', { id: 'missing', name: 'x' })).isError).toBe(true);
    expect((await call(c, 'get_site_card', { id: site.json.id })).json.name).toBe('Example');
    expect((await call(c, 'get_card', {})).json.error).toMatch(/id/);
    const batch = await call(c, 'batch_create_site_cards', {
      sites: [
        { name: 'A', url: 'https://a.example' },
        { name: 'B', url: 'https://b.example', tagIds: [tag2.id] },
      ],
    });
    expect(batch.json).toMatchObject({ created: 2, sites: [{ name: 'A' }, { name: 'B' }] });
    expect((await call(c, 'batch_create_site_cards', { sites: [] })).isError).toBe(true);

    const social = await call(c, 'create_social_card', {
      cardType: 'email',
      label: 'Mail',
      payload: { type: 'email', email: 'me@example.com' },
    });
    expect(social.json).toMatchObject({ name: 'Mail', cardType: 'email' });
    expect((await call(c, 'create_social_card', { cardType: 'fax', label: 'x', payload: {} })).isError).toBe(
      true,
    );
    expect(
      (await call(c, 'update_social_card', { id: social.json.id, hint: 'write me' })).json.socialHint,
    ).toBe('write me');
    const socials = (await call(c, 'list_social_cards')).json;
    expect(socials).toEqual([
      expect.objectContaining({ label: 'Mail', tags: [], _tagNote: expect.any(String) }),
    ]);

    const note = await call(c, 'create_note_card', { title: 'Todo', content: '- [ ] buy milk' });
    expect(Object.keys(note.json).sort()).toEqual(
      ['content', 'createdAt', 'iconBgColor', 'iconUrl', 'id', 'title', 'updatedAt'].sort(),
    );
    expect((await call(c, 'create_note_card', { content: 'no title' })).isError).toBe(true);
    expect((await call(c, 'update_note_card', { id: note.json.id, content: 'done' })).json.content).toBe(
      'done',
    );
    expect((await call(c, 'update_note_card', { id: site.json.id, title: 'x' })).isError).toBe(true);
    expect((await call(c, 'list_note_cards')).json).toHaveLength(1);

    const all = (await call(c, 'list_all_cards')).json;
    expect(all).toHaveLength(5);
    expect(Object.keys(all[0]).sort()).toEqual(
      [
        'cardType',
        'createdAt',
        'iconBgColor',
        'iconUrl',
        'id',
        'isPinned',
        'name',
        'tags',
        'updatedAt',
        'url',
      ].sort(),
    );
    expect((await call(c, 'list_all_site_cards')).json.map((s: any) => s.name)).toEqual([
      'Example',
      'A',
      'B',
    ]);
    const page = (await call(c, 'list_site_cards', { tagId: tag2.id })).json;
    expect(page).toMatchObject({ total: 1, nextCursor: null, items: [{ name: 'B' }] });
    expect(
      (await call(c, 'list_site_cards', { query: 'b.example' })).json.items.map((s: any) => s.name),
    ).toEqual(['B']);
    const tags = (await call(c, 'list_tags')).json;
    expect(
      tags
        .filter((t: any) => t._note)
        .map((t: any) => t.id)
        .sort(),
    ).toEqual(['__note_cards__', '__social_cards__']);
    expect((await call(c, 'search_site_cards', { query: 'exa', limit: 2 })).json).toEqual([
      { value: 'Example', kind: 'site' },
    ]);
    expect((await call(c, 'search_site_cards', { query: '' })).isError).toBe(true);

    expect((await call(c, 'delete_social_card', { id: social.json.id })).json).toEqual({ success: true });
    expect((await call(c, 'delete_note_card', { id: note.json.id })).json).toEqual({ success: true });
    expect((await call(c, 'delete_site_card', { id: site.json.id })).json).toEqual({ success: true });
    expect((await call(c, 'delete_site_card', { id: site.json.id })).isError).toBe(true);
    expect((await call(c, 'delete_tag', { id: tag.json.id })).json).toEqual({ success: true });
    expect((await call(c, 'delete_tag', { id: '__social_cards__' })).isError).toBe(true);
    expect((await call(c, 'list_all_cards')).json).toHaveLength(2);
    expect((await call(c, 'no_such_tool')).isError).toBe(true);
    await c.close();
  });

  it("keeps two users' tokens apart and gives a read-only token only the read tools", async () => {
    const alice = await createUser({ username: 'alice' });
    const bob = await createUser({ username: 'bob' });
    const a = await mcpClient((await newToken(alice)).token);
    const b = await mcpClient((await newToken(bob)).token);
    const card = (await call(a, 'create_site_card', { name: 'Mine', url: 'https://mine.example' })).json;
    expect((await call(b, 'list_all_cards')).json).toEqual([]);
    expect((await call(b, 'get_card', { id: card.id })).isError).toBe(true);
    expect((await call(b, 'delete_site_card', { id: card.id })).isError).toBe(true);
    expect((await call(b, 'update_site_card', { id: card.id, name: 'Theirs' })).isError).toBe(true);

    const ro = await mcpClient((await newToken(alice, true)).token);
    expect((await ro.listTools()).tools.map((t) => t.name)).toEqual(READ_TOOLS);
    expect((await call(ro, 'list_all_cards')).json).toHaveLength(1);
    const refused = await call(ro, 'delete_site_card', { id: card.id });
    expect(refused).toEqual({ isError: true, json: { error: 'This access token is read-only' } });
    expect((await call(a, 'get_card', { id: card.id })).json.name).toBe('Mine');
    await Promise.all([a.close(), b.close(), ro.close()]);
  });

  it('accepts only valid access tokens: 401 JSON with WWW-Authenticate otherwise', async () => {
    const user = await createUser();
    const expired = await newToken(user);
    await TokenModel.updateOne({ tokenId: expired.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const revoked = await newToken(user);
    await deleteToken(actorOf(user), revoked.id);
    const cookie = await sessionClient(user);
    const anon = new Client();
    for (const res of [
      await anon.post('/api/mcp', initialize),
      await anon.post('/api/mcp', initialize, { token: expired.token }),
      await anon.post('/api/mcp', initialize, { token: revoked.token }),
      await cookie.call('POST', '/api/mcp', { body: initialize }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.json.error).toBe('未授权：请提供有效的 API Token');
    }
    await expect(mcpClient(expired.token)).rejects.toThrow();
    const { token } = await newToken(user);
    const get = await anon.get('/api/mcp', { token });
    expect(get.status).toBe(405);
    expect((await anon.delete('/api/mcp', { token })).status).toBe(200);
  });

  it('limits each token to 300 requests a minute, counted apart from other tokens', async () => {
    const user = await createUser();
    const busy = await newToken(user);
    const calm = await newToken(user);
    awayFromWindowEnd(MCP_PER_TOKEN.windowMs, 20_000);
    for (let i = 0; i < MCP_PER_TOKEN.max; i++) await consume(MCP_PER_TOKEN, busy.id);
    const anon = new Client();
    const limited = await anon.post('/api/mcp', initialize, { token: busy.token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const accept = { accept: 'application/json, text/event-stream' };
    expect((await anon.post('/api/mcp', initialize, { token: calm.token, headers: accept })).status).toBe(
      200,
    );
  });
});
