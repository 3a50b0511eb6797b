import { Schema } from 'mongoose';
import type { Role } from '../actor';
import type { Language } from '../language.shared';
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

/** Who posted a message: it runs with the rights of that token, not of the one that opened the stream. */
export interface McpPoster {
  userId: string;
  username: string;
  role: Role;
  tokenId: string;
  readOnly: boolean;
  /** The language the poster writes in (Actor.lang): the defaults its message stores follow it. */
  lang?: Language;
}

/** One client message waiting for the instance that holds its session's stream (inserted by `_id`, then deleted). */
export interface McpSseMessageDoc {
  _id: string;
  sessionId: string;
  body: string;
  poster: McpPoster;
  createdAt: Date;
}

const PosterSchema = new Schema<McpPoster>(
  {
    ...required({ userId: String, username: String, role: String, tokenId: String }),
    readOnly: { type: Boolean, default: false },
    lang: { type: String, enum: ['en', 'zh'] },
  },
  { _id: false },
);

const SessionSchema = docSchema<McpSseSessionDoc>(
  {
    ...required({ userId: String, createdAt: Date, lastPostAt: Date }),
  },
  { collection: 'mcp_sse_sessions' },
);

const MessageSchema = docSchema<McpSseMessageDoc>(
  {
    sessionId: { type: String, required: true, index: true },
    ...required({ body: String, poster: PosterSchema, createdAt: Date }),
  },
  { collection: 'mcp_sse_messages' },
);

export const McpSseSessionModel = defineModel<McpSseSessionDoc>('McpSseSession', SessionSchema);
export const McpSseMessageModel = defineModel<McpSseMessageDoc>('McpSseMessage', MessageSchema);
