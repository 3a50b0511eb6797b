import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '#server/mcp/mcp.server';
import { McpSseSessionModel } from '#server/mcp/sse-relay.model';
import { TagModel } from '#server/tags/tag.model';
import { deleteToken } from '#server/tokens/token.service';
import { resetDatabase } from '../setup/db';
import { appUrl } from '../setup/app';
import { actorOf, createUser } from '../factories';
import { call, mcpClient, newToken } from './mcp-helpers';

/** A raw reader of a `text/event-stream`: the events in order as `{event, data}`; comments are kept as `:`. */
async function openStream(base: string, token: string) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/mcp/sse`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ac.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  async function next(): Promise<{ event: string; data: string }> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data });
        return { event, data };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  }
  return { res, next, close: () => ac.abort(), events };
}

const post = (base: string, endpoint: string, token: string | null, body: string) =>
  fetch(base + endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

let second: Server | undefined;
/** A second app instance on its own port; the legacy transport must work when a POST reaches it. */
async function secondInstance(): Promise<string> {
  const { createHttpApp } = await import('../../scripts/lib/http-app.mjs');
  const { app } = await createHttpApp({
    buildDir: path.resolve(import.meta.dirname, '../../build'),
    trustProxy: 1,
  });
  second = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = second.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}
afterAll(() => second?.close());

describe('MCP over the legacy SSE transport', () => {
  beforeEach(resetDatabase);

  it("works with the SDK's SSE client: initialize, list tools, call them", async () => {
    const { token } = await newToken(await createUser());
    const c = await mcpClient(token, 'sse');
    expect(c.getServerVersion()?.name).toBe('Sakura Dash');
    expect((await c.listTools()).tools).toHaveLength(MCP_TOOLS.length);
    const tag = await call(c, 'create_tag', { name: 'Via SSE' });
    expect(tag.isError).toBe(false);
    expect((await call(c, 'create_tag', { name: '' })).isError).toBe(true);
    expect((await call(c, 'list_site_tags')).json.map((t: any) => t.name)).toEqual(['Via SSE']);
    await c.close();
  });

  it('announces the endpoint, answers POSTs with 202 and the reply on the stream, and checks every POST', async () => {
    const base = await appUrl();
    const user = await createUser();
    const { token } = await newToken(user);
    const other = (await newToken(await createUser())).token;
    const s = await openStream(base, token);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toBe('no-cache');
    const sessionId = s.res.headers.get('mcp-session-id')!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const first = await s.next();
    expect(first).toEqual({ event: 'endpoint', data: `/api/mcp/sse/messages?sessionId=${sessionId}` });

    const accepted = await post(base, first.data, token, initialize);
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe('');
    const reply = await s.next();
    expect(reply.event).toBe('message');
    expect(JSON.parse(reply.data)).toMatchObject({ id: 1, result: { serverInfo: { name: 'Sakura Dash' } } });

    const jsonRpc = async (res: Response) => ({ status: res.status, code: (await res.json()).error?.code });
    expect(await jsonRpc(await post(base, first.data, other, initialize))).toEqual({
      status: 401,
      code: -32001,
    });
    expect(await jsonRpc(await post(base, '/api/mcp/sse/messages', token, initialize))).toEqual({
      status: 400,
      code: -32600,
    });
    expect(
      await jsonRpc(await post(base, '/api/mcp/sse/messages?sessionId=nope', token, initialize)),
    ).toEqual({
      status: 404,
      code: -32600,
    });
    expect(await jsonRpc(await post(base, first.data, token, '{not json'))).toEqual({
      status: 400,
      code: -32700,
    });
    const anonymous = await post(base, first.data, null, initialize);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(`${base}/api/mcp/sse`)).status).toBe(401);

    // A session whose client went away is dropped: its POSTs are refused.
    s.close();
    await expect.poll(() => McpSseSessionModel.countDocuments({ _id: sessionId })).toBe(0);
    expect((await post(base, first.data, token, initialize)).status).toBe(404);
  });

  it('relays a POST that reaches another app instance to the instance holding the stream', async () => {
    const base = await appUrl();
    const other = await secondInstance();
    const { token } = await newToken(await createUser());
    const s = await openStream(base, token);
    const { data: endpoint } = await s.next();
    expect((await post(other, endpoint, token, initialize)).status).toBe(202);
    expect(JSON.parse((await s.next()).data)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'Sakura Dash' } },
    });
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect((await post(other, endpoint, token, list)).status).toBe(202);
    expect(JSON.parse((await s.next()).data).result.tools).toHaveLength(MCP_TOOLS.length);
    s.close();
  });

  /** Opens a stream with `opener`, initializes it and returns a way to call a tool through it as `poster`. */
  async function session(base: string, opener: string) {
    const s = await openStream(base, opener);
    const { data: endpoint } = await s.next();
    expect((await post(base, endpoint, opener, initialize)).status).toBe(202);
    await s.next();
    let id = 10;
    const callAs = async (poster: string, name: string, args: Record<string, unknown>) => {
      const rpc = { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } };
      expect((await post(base, endpoint, poster, JSON.stringify(rpc))).status).toBe(202);
      const reply = JSON.parse((await s.next()).data);
      expect(reply.id).toBe(id);
      return reply.result as { isError?: boolean; content: { text: string }[] };
    };
    return { s, endpoint, callAs };
  }

  it('runs each message with the rights of the token that posts it, not of the one that opened the stream', async () => {
    const base = await appUrl();
    const user = await createUser();
    const writer = (await newToken(user)).token;
    const reader = (await newToken(user, true)).token;
    // A read-only token posting to a stream a full token opened: refused (before: it ran with the opener's rights).
    const opened = await session(base, writer);
    const refused = await opened.callAs(reader, 'create_tag', { name: 'Through the back door' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('read-only');
    expect(await TagModel.countDocuments({ ownerId: user._id })).toBe(0);
    expect((await opened.callAs(writer, 'create_tag', { name: 'Mine' })).isError).toBeFalsy();
    opened.s.close();
    // And the other way round: a full token's message runs with its rights on a stream a read-only token opened.
    const readOnly = await session(base, reader);
    expect((await readOnly.callAs(reader, 'create_tag', { name: 'No' })).isError).toBe(true);
    expect((await readOnly.callAs(writer, 'create_tag', { name: 'Yes' })).isError).toBeFalsy();
    readOnly.s.close();
    const names = (await TagModel.find({ ownerId: user._id }).lean()).map((t) => t.name).sort();
    expect(names).toEqual(['Mine', 'Yes']);
  });

  it('ends the streams of a revoked token', async () => {
    const base = await appUrl();
    const user = await createUser();
    const revoked = await newToken(user);
    const other = (await newToken(user)).token;
    const { s, endpoint } = await session(base, revoked.token);
    const sessionId = new URL(endpoint, base).searchParams.get('sessionId')!;
    await deleteToken(actorOf(user), revoked.id);
    // The stream ends, within the test's time limit (before: it went on until it had been idle for 30 minutes).
    const ended = await (async () => {
      for (;;) await s.next();
    })().catch(() => 'ended');
    expect(ended).toBe('ended');
    // The ending stream removes its session (in the background).
    await expect.poll(() => McpSseSessionModel.countDocuments({ _id: sessionId })).toBe(0);
    // Its session takes no more messages, whoever posts them.
    expect((await post(base, endpoint, other, initialize)).status).toBe(404);
    expect((await post(base, endpoint, revoked.token, initialize)).status).toBe(401);
  }, 20_000);
});
