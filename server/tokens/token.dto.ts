import { z } from 'zod';
import type { TokenDoc } from './token.model';

const iso = z.string().describe('ISO 8601 date-time');

/** A personal access token as its owner's list shows it (never the secret). The schema is the type and the OpenAPI
 * description's source (docs/decisions.md §39). */
export const TokenDtoSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  tokenSuffix: z.string(),
  readOnly: z.boolean(),
  expiresAt: iso.nullable(),
  lastUsedAt: iso.nullable(),
  createdAt: iso,
  isExpired: z.boolean(),
});
export type TokenDto = z.infer<typeof TokenDtoSchema>;

export function toToken(doc: TokenDoc, now = new Date()): TokenDto {
  return {
    id: doc.tokenId,
    name: doc.name,
    tokenSuffix: doc.tokenSuffix,
    readOnly: doc.readOnly,
    expiresAt: doc.expiresAt ? doc.expiresAt.toISOString() : null,
    lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
    createdAt: doc.createdAt.toISOString(),
    isExpired: Boolean(doc.expiresAt && doc.expiresAt <= now),
  };
}
