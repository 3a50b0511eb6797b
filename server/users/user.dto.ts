import { z } from 'zod';
import { assetUrl } from '../assets/asset.dto';
import type { UserDoc } from './user.model';

// Each account view's zod schema is its type and the OpenAPI description's source (docs/decisions.md §39).
const iso = z.string().describe('ISO 8601 date-time');
const nullableText = z.string().nullable();
const Role = z.enum(['admin', 'user']);

/** A user as the admin list shows it (compat `User`). */
export const UserDtoSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  role: Role,
  nickname: nullableText,
  avatarAssetId: nullableText,
  avatarColor: z.string(),
  createdAt: iso,
});
export type UserDto = z.infer<typeof UserDtoSchema>;

export function toUser(doc: UserDoc): UserDto {
  return {
    id: doc._id,
    username: doc.username,
    role: doc.role,
    nickname: doc.nickname ?? null,
    avatarAssetId: doc.avatarAssetId ?? null,
    avatarColor: doc.avatarColor,
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

/** `GET /api/user/profile` for an administrator (the older service's admin shape). */
const AdminProfileDtoSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  nickname: nullableText,
  avatarUrl: nullableText,
  role: z.literal('admin'),
});

/** `GET /api/user/profile` for everyone else. */
const UserProfileDtoSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  nickname: nullableText,
  avatarUrl: nullableText,
  avatarColor: z.string(),
  role: z.literal('user'),
  hasPassword: z.boolean(),
  usernameChanged: z.boolean(),
});

export const ProfileDtoSchema = z.discriminatedUnion('role', [AdminProfileDtoSchema, UserProfileDtoSchema]);
export type ProfileDto = z.infer<typeof ProfileDtoSchema>;

export function toProfile(doc: UserDoc): ProfileDto {
  const avatarUrl = doc.avatarAssetId ? assetUrl(doc.avatarAssetId) : null;
  if (doc.role === 'admin') {
    return { id: doc._id, username: doc.username, nickname: doc.nickname ?? null, avatarUrl, role: 'admin' };
  }
  return {
    id: doc._id,
    username: doc.username,
    nickname: doc.nickname ?? null,
    avatarUrl,
    avatarColor: doc.avatarColor,
    role: 'user',
    hasPassword: doc.hasPassword !== false,
    usernameChanged: Boolean(doc.usernameChanged),
  };
}

/** The caller's own account, as their profile page shows it. */
export const AccountDtoSchema = z.strictObject({
  id: z.string(),
  username: z.string(),
  nickname: nullableText,
  avatarUrl: nullableText,
  avatarColor: z.string(),
  role: Role,
  hasPassword: z.boolean(),
  usernameChanged: z.boolean(),
  mustChangePassword: z
    .boolean()
    .describe('signed in with a temporary password an administrator set: it must be changed first'),
  createdAt: iso,
});
export type AccountDto = z.infer<typeof AccountDtoSchema>;

/** Who an account is, as every account view shows it. */
function identity(doc: UserDoc) {
  return {
    username: doc.username,
    nickname: doc.nickname ?? null,
    avatarUrl: doc.avatarAssetId ? assetUrl(doc.avatarAssetId) : null,
    avatarColor: doc.avatarColor,
    role: doc.role,
  };
}

export function toAccount(doc: UserDoc): AccountDto {
  return {
    id: doc._id,
    ...identity(doc),
    hasPassword: doc.hasPassword !== false,
    usernameChanged: Boolean(doc.usernameChanged),
    mustChangePassword: Boolean(doc.mustChangePassword),
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

/** What the account switcher shows about another signed-in account. */
export const AccountSummarySchema = z.strictObject({
  userId: z.string(),
  username: z.string(),
  nickname: nullableText,
  avatarUrl: nullableText,
  avatarColor: z.string(),
  role: Role,
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export function toAccountSummary(doc: UserDoc): AccountSummary {
  return { userId: doc._id, ...identity(doc) };
}
