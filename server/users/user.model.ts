import { defineModel } from '../db';
import { forgetAuthOnWrites } from '../auth/auth-cache';
import { docSchema, defaults, nullable, required } from '../db-schema';
import type { Role } from '../actor';

export interface UserDoc {
  _id: string;
  username: string;
  /** Lower-cased username: usernames are unique regardless of case. */
  usernameKey: string;
  passwordHash: string | null;
  hasPassword: boolean;
  role: Role;
  nickname: string | null;
  avatarAssetId: string | null;
  avatarColor: string;
  usernameChanged: boolean;
  /** Signed in with a temporary password an administrator set: the password must be changed first. */
  mustChangePassword?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const UserSchema = docSchema<UserDoc>(
  {
    ...required({ username: String }),
    usernameKey: { type: String, required: true, unique: true },
    ...nullable({ passwordHash: String }),
    ...defaults({ hasPassword: true }),
    role: { type: String, enum: ['admin', 'user'], default: 'user' },
    ...nullable({ nickname: String, avatarAssetId: String }),
    ...required({ avatarColor: String }),
    ...defaults({ usernameChanged: false, mustChangePassword: false }),
  },
  { timestamps: true },
);

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(UserSchema);

export const UserModel = defineModel<UserDoc>('User', UserSchema);
