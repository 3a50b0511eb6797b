import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Actor } from '../actor';
import { reauthenticate } from '../auth/authenticate';
import { env } from '../env';
import { fresh } from '../fresh';
import { logger } from '../logger';
import { parseJson } from '../parsing/json-bounded';
import { asAuthInfo, callerOf, createMcpServer, mcpSdk } from './mcp.server';
import { McpSseMessageModel, McpSseSessionModel, type McpPoster } from './sse-relay.model';

/** A session ends after this long without a POST (compat §12.1: 30 minutes). */
export const SSE_IDLE_MS = 30 * 60_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const encoder = new TextEncoder();

/** The server side of one legacy SSE stream: messages out as `event: message`, messages in from the relay. */
class RelayTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  constructor(
    readonly sessionId: string,
    private readonly write: (chunk: string) => void,
    private readonly end: () => void,
  ) {}
  async start() {}
  async send(message: JSONRPCMessage) {
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }
  async close() {
    this.end();
  }
}

/**
 * Opens a legacy SSE session for the caller: a `text/event-stream` whose first event names the endpoint to POST to.
 * Messages POSTed to any instance reach this one through the database (see `relaySseMessage`) and run with the
 * rights of the token that posted them. The stream ends when the token that opened it stops being valid (revoked,
 * expired, its user deleted): `request` is authenticated again at every session check.
 */
export async function openSseSession(actor: Actor, request: Request): Promise<Response> {
  const signal = request.signal;
  const sessionId = randomUUID();
  const now = new Date();
  await McpSseSessionModel.create({ _id: sessionId, userId: actor.userId, createdAt: now, lastPostAt: now });
  let open = true;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const write = (chunk: string) => {
    if (open) controller.enqueue(encoder.encode(chunk));
  };
  const timers: NodeJS.Timeout[] = [];
  const finish = () => {
    if (!open) return;
    open = false;
    for (const t of timers) clearInterval(t);
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
    transport.onclose?.();
    void Promise.all([
      McpSseSessionModel.deleteOne({ _id: sessionId }),
      McpSseMessageModel.deleteMany({ sessionId }),
    ]).catch(() => {});
  };
  const transport = new RelayTransport(sessionId, write, finish);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: finish,
  });
  signal.addEventListener('abort', finish, { once: true });
  await (await createMcpServer(callerOf)).connect(transport);
  write(`event: endpoint\ndata: /api/mcp/sse/messages?sessionId=${sessionId}\n\n`);
  timers.push(setInterval(() => write(': keepalive\n\n'), HEARTBEAT_MS));
  const openerValid = async () => (await reauthenticate(request))?.userId === actor.userId;
  void pump(transport, () => open, finish, openerValid);
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'Mcp-Session-Id': sessionId,
    },
  });
}

/** Delivers relayed messages in order until the stream ends; ends it when the session expired or was removed. */
async function pump(
  transport: RelayTransport,
  isOpen: () => boolean,
  finish: () => void,
  openerValid: () => Promise<boolean>,
) {
  // Relayed messages every MCP_SSE_POLL_MS; the session and the opener's token every MCP_SSE_CHECK_MS.
  let checkedAt = Date.now();
  const { MCP_SSE_CHECK_MS: checkEvery, MCP_SSE_POLL_MS: pollEvery } = env();
  while (isOpen()) {
    try {
      const batch = await McpSseMessageModel.find({ sessionId: transport.sessionId })
        .sort({ createdAt: 1, _id: 1 })
        .limit(50)
        .lean();
      if (batch.length) await McpSseMessageModel.deleteMany({ _id: { $in: batch.map((m) => m._id) } });
      for (const m of batch) {
        // Each message with its poster's rights (a message stored without one is not run).
        if (!m.poster?.tokenId) continue;
        const poster: Actor = { ...m.poster, via: 'token' };
        transport.onmessage?.(JSON.parse(m.body) as JSONRPCMessage, { authInfo: asAuthInfo(poster) });
      }
      if (!fresh(checkedAt, checkEvery)) {
        checkedAt = Date.now();
        const session = await McpSseSessionModel.findById(transport.sessionId).lean();
        if (!session || Date.now() - session.lastPostAt.getTime() > SSE_IDLE_MS) return finish();
        if (!(await openerValid())) return finish();
      }
    } catch (err) {
      logger.warn('mcp', 'SSE relay poll failed', { error: String(err) });
    }
    await sleep(pollEvery);
  }
}

export type RelayOutcome =
  { ok: true } | { ok: false; status: 400 | 401 | 404; code: number; message: string };

/**
 * Accepts one JSON-RPC message for a legacy SSE session, from any instance: the session must exist, be live and
 * belong to the caller. The message is stored by a unique `_id` for the instance holding the stream, with the
 * caller's token and rights, which it runs with.
 */
export async function relaySseMessage(
  actor: Actor,
  sessionId: string | null,
  body: string,
): Promise<RelayOutcome> {
  if (!sessionId) return { ok: false, status: 400, code: -32600, message: 'Missing sessionId parameter' };
  const session = await McpSseSessionModel.findById(sessionId).lean();
  if (!session || Date.now() - session.lastPostAt.getTime() > SSE_IDLE_MS) {
    return { ok: false, status: 404, code: -32600, message: 'Session not found or expired' };
  }
  if (session.userId !== actor.userId) {
    return { ok: false, status: 401, code: -32001, message: 'This session belongs to another user' };
  }
  const { JSONRPCMessageSchema } = await mcpSdk();
  let message: unknown;
  try {
    message = JSONRPCMessageSchema.parse(parseJson(body));
  } catch {
    return { ok: false, status: 400, code: -32700, message: 'Parse error: not a JSON-RPC message' };
  }
  const now = new Date();
  const poster: McpPoster = {
    userId: actor.userId,
    username: actor.username,
    role: actor.role,
    tokenId: actor.tokenId ?? '',
    readOnly: actor.readOnly === true,
    ...(actor.lang ? { lang: actor.lang } : {}),
  };
  await McpSseMessageModel.create({
    _id: `${now.getTime().toString(36)}-${randomUUID()}`,
    sessionId,
    body: JSON.stringify(message),
    poster,
    createdAt: now,
  });
  await McpSseSessionModel.updateOne({ _id: sessionId }, { $set: { lastPostAt: now } });
  return { ok: true };
}

/**
 * Removes sessions idle past SSE_IDLE_MS and their waiting messages: what an instance that stopped without closing
 * its streams leaves behind (a live holder ends its own idle sessions).
 */
export async function purgeIdleSseSessions(): Promise<number> {
  const idle = await McpSseSessionModel.find(
    { lastPostAt: { $lt: new Date(Date.now() - SSE_IDLE_MS) } },
    { _id: 1 },
  ).lean();
  const ids = idle.map((s) => s._id);
  if (!ids.length) return 0;
  await McpSseMessageModel.deleteMany({ sessionId: { $in: ids } });
  await McpSseSessionModel.deleteMany({ _id: { $in: ids } });
  return ids.length;
}
