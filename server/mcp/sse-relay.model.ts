import { Schema } from 'mongoose';
import { defineModel } from '../db';

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

const SessionSchema = new Schema<McpSseSessionDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastPostAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'mcp_sse_sessions' },
);

const MessageSchema = new Schema<McpSseMessageDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true, index: true },
    body: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'mcp_sse_messages' },
);

export const McpSseSessionModel = defineModel<McpSseSessionDoc>('McpSseSession', SessionSchema);
export const McpSseMessageModel = defineModel<McpSseMessageDoc>('McpSseMessage', MessageSchema);
