import { defineModel } from '../db';
import { forgetAuthOnWrites } from '../auth/auth-cache';
import { docSchema, defaults, nullable, required } from '../db-schema';

export interface TokenDoc {
  /** SHA-256 hex of the token: the token itself is shown once and never stored. */
  _id: string;
  /** Public id `tok-<32 hex>` used in URLs. */
  tokenId: string;
  userId: string;
  name: string;
  tokenSuffix: string;
  readOnly: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

const TokenSchema = docSchema<TokenDoc>({
  tokenId: { type: String, required: true, unique: true },
  userId: { type: String, required: true, index: true },
  ...required({ name: String, tokenSuffix: String }),
  ...defaults({ readOnly: false }),
  ...nullable({ expiresAt: Date, lastUsedAt: Date }),
  ...required({ createdAt: Date }),
});

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(TokenSchema);

export const TokenModel = defineModel<TokenDoc>('Token', TokenSchema);
