import { Schema } from 'mongoose';
import { lookupCache } from '../lookup-cache';
import { defineModel } from '../db';
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

/** Users read by `_id` on every request (server/users/user.lookup.ts); any write to users empties it. */
export const userCache = lookupCache<UserDoc>();
for (const op of [
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'replaceOne',
] as const) {
  // Before and after: a read that overlaps the write cannot fill the cache with what the write replaced.
  UserSchema.pre(op, () => userCache.clear());
  UserSchema.post(op, () => userCache.clear());
}
UserSchema.post('save', () => userCache.clear());

export const UserModel = defineModel<UserDoc>('User', UserSchema);
