import type { AppGrantDoc } from './mcp-oauth.model';

/** An app connection as the personal space lists it beside the tokens. */
export interface AppGrantDto {
  id: string;
  clientName: string;
  redirectHost: string;
  readOnly: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export function toAppGrant(doc: AppGrantDoc): AppGrantDto {
  return {
    id: doc._id,
    clientName: doc.clientName,
    redirectHost: doc.redirectHost,
    readOnly: doc.readOnly,
    createdAt: doc.createdAt.toISOString(),
    lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
  };
}
