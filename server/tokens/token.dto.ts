import type { TokenDoc } from './token.model';

export interface TokenDto {
  id: string;
  name: string;
  tokenSuffix: string;
  readOnly: boolean;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  isExpired: boolean;
}

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
