import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { forgetAuthOnWrites } from '../auth/auth-cache';

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

const TokenSchema = new Schema<TokenDoc>(
  {
    _id: { type: String, required: true },
    tokenId: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    name: { type: String, required: true },
    tokenSuffix: { type: String, required: true },
    readOnly: { type: Boolean, default: false },
    expiresAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(TokenSchema);

export const TokenModel = defineModel<TokenDoc>('Token', TokenSchema);
