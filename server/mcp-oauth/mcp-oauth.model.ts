// The MCP authorization flow's records (docs/decisions.md §69). Every hot lookup is by `_id`: a client by its id,
// a code and a token by the SHA-256 of its secret, a grant by its id.
import { defineModel } from '../db';
import { forgetAuthOnWrites } from '../auth/auth-cache';
import { docSchema, nullable, required } from '../db-schema';

/** A client that registered itself (RFC 7591): a public client, no secret. */
export interface AppClientDoc {
  /** The client_id, `mcp-<32 hex>`. */
  _id: string;
  clientName: string;
  redirectUris: string[];
  createdAt: Date;
  /** Set when a user first allows it: a client nobody allowed is swept after a day. */
  allowedAt: Date | null;
}

/** An authorization code: single use (deleted when exchanged), short-lived, bound to what it was issued for. */
export interface AppCodeDoc {
  /** SHA-256 hex of the code. */
  _id: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  readOnly: boolean;
  expiresAt: Date;
}

/** What a user allowed a client: listed beside the personal tokens, revoked there. */
export interface AppGrantDoc {
  /** `app-<32 hex>`, the id shown and used in URLs. */
  _id: string;
  userId: string;
  clientId: string;
  clientName: string;
  redirectHost: string;
  resource: string;
  readOnly: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** An access or refresh token of a grant, stored as the SHA-256 of its secret. */
export interface AppTokenDoc {
  _id: string;
  kind: 'access' | 'refresh';
  grantId: string;
  clientId: string;
  userId: string;
  expiresAt: Date;
}

const AppClientSchema = docSchema<AppClientDoc>({
  ...required({ clientName: String, redirectUris: [String], createdAt: Date }),
  ...nullable({ allowedAt: Date }),
});

const AppCodeSchema = docSchema<AppCodeDoc>({
  ...required({
    clientId: String,
    userId: String,
    redirectUri: String,
    codeChallenge: String,
    resource: String,
    readOnly: Boolean,
    expiresAt: Date,
  }),
});

const AppGrantSchema = docSchema<AppGrantDoc>({
  userId: { type: String, required: true, index: true },
  ...required({
    clientId: String,
    clientName: String,
    redirectHost: String,
    resource: String,
    readOnly: Boolean,
    createdAt: Date,
  }),
  ...nullable({ lastUsedAt: Date }),
});

const AppTokenSchema = docSchema<AppTokenDoc>({
  kind: { type: String, required: true, enum: ['access', 'refresh'] },
  grantId: { type: String, required: true, index: true },
  ...required({ clientId: String, userId: String, expiresAt: Date }),
});

// Verified credentials are cached for a moment (auth-cache.ts): a revocation empties that cache.
forgetAuthOnWrites(AppGrantSchema);
forgetAuthOnWrites(AppTokenSchema);

export const AppClientModel = defineModel<AppClientDoc>('McpOAuthClient', AppClientSchema);
export const AppCodeModel = defineModel<AppCodeDoc>('McpOAuthCode', AppCodeSchema);
export const AppGrantModel = defineModel<AppGrantDoc>('McpOAuthGrant', AppGrantSchema);
export const AppTokenModel = defineModel<AppTokenDoc>('McpOAuthToken', AppTokenSchema);
