import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { forgetAuthOnWrites } from '../auth/auth-cache';
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

const UserSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    usernameKey: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    hasPassword: { type: Boolean, default: true },
    role: { type: String, enum: ['admin', 'user'], default: 'user' },
    nickname: { type: String, default: null },
    avatarAssetId: { type: String, default: null },
    avatarColor: { type: String, required: true },
    usernameChanged: { type: Boolean, default: false },
    mustChangePassword: { type: Boolean, default: false },
  },
  { timestamps: true, versionKey: false },
);

// Verified credentials are cached for a moment (auth-cache.ts): every change to them empties that cache.
forgetAuthOnWrites(UserSchema);

export const UserModel = defineModel<UserDoc>('User', UserSchema);
