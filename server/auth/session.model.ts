import { defineModel } from '../db';
import { forgetAuthOnWrites } from './auth-cache';
import { docSchema, defaults, nullable, required } from '../db-schema';

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

const SessionSchema = docSchema<SessionDoc>({
  ...required({ publicId: String }),
  userId: { type: String, required: true, index: true },
  ...defaults({ persistent: false }),
  ...required({ createdAt: Date, lastSeenAt: Date }),
  expiresAt: { type: Date, required: true, index: true },
  ...nullable({ userAgent: String, ip: String, impersonatedBy: String }),
});

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(SessionSchema);

export const SessionModel = defineModel<SessionDoc>('Session', SessionSchema);
