import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { forgetAuthOnWrites } from './auth-cache';

export interface SessionDoc {
  /** SHA-256 of the cookie value: a leaked database holds no usable session ids. */
  _id: string;
  /** Short public id, used to list and revoke sessions without revealing the secret. */
  publicId: string;
  userId: string;
  persistent: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  /** Set when an admin switched into this user's account. */
  impersonatedBy: string | null;
}

const SessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    publicId: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    persistent: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
    userAgent: { type: String, default: null },
    ip: { type: String, default: null },
    impersonatedBy: { type: String, default: null },
  },
  { versionKey: false },
);

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(SessionSchema);

export const SessionModel = defineModel<SessionDoc>('Session', SessionSchema);
