import { defineModel } from '../db';
import { docSchema, required } from '../db-schema';

/**
 * A legacy SSE session (docs/decisions.md "MCP transports and several instances"): any instance can check that a
 * POST belongs to a live session of the same user; the instance holding the stream refreshes nothing but reads
 * `lastPostAt` to expire idle sessions.
 */
export interface McpSseSessionDoc {
  _id: string;
  userId: string;
  createdAt: Date;
  lastPostAt: Date;
}

/** One client message waiting for the instance that holds its session's stream (inserted by `_id`, then deleted). */
export interface McpSseMessageDoc {
  _id: string;
  sessionId: string;
  body: string;
  createdAt: Date;
}

const SessionSchema = docSchema<McpSseSessionDoc>(
  {
    ...required({ userId: String, createdAt: Date, lastPostAt: Date }),
  },
  { collection: 'mcp_sse_sessions' },
);

const MessageSchema = docSchema<McpSseMessageDoc>(
  {
    sessionId: { type: String, required: true, index: true },
    ...required({ body: String, createdAt: Date }),
  },
  { collection: 'mcp_sse_messages' },
);

export const McpSseSessionModel = defineModel<McpSseSessionDoc>('McpSseSession', SessionSchema);
export const McpSseMessageModel = defineModel<McpSseMessageDoc>('McpSseMessage', MessageSchema);
