import { assetUrl } from '../assets/asset.dto';
import type { UserDoc } from './user.model';

/** A user as the admin list shows it (compat `User`). */
export interface UserDto {
  id: string;
  username: string;
  role: string;
  nickname: string | null;
  avatarAssetId: string | null;
  avatarColor: string;
  createdAt: string;
}

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
export interface AdminProfileDto {
  id: string;
  username: string;
  nickname: string | null;
  avatarUrl: string | null;
  role: 'admin';
}

/** `GET /api/user/profile` for everyone else. */
export interface UserProfileDto {
  id: string;
  username: string;
  nickname: string | null;
  avatarUrl: string | null;
  avatarColor: string;
  role: 'user';
  hasPassword: boolean;
  usernameChanged: boolean;
}

export type ProfileDto = AdminProfileDto | UserProfileDto;

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
export interface AccountDto {
  id: string;
  username: string;
  nickname: string | null;
  avatarUrl: string | null;
  avatarColor: string;
  role: 'admin' | 'user';
  hasPassword: boolean;
  usernameChanged: boolean;
  /** Signed in with a temporary password an administrator set: it must be changed first. */
  mustChangePassword: boolean;
  createdAt: string;
}

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
export interface AccountSummary {
  userId: string;
  username: string;
  nickname: string | null;
  avatarUrl: string | null;
  avatarColor: string;
  role: string;
}

export function toAccountSummary(doc: UserDoc): AccountSummary {
  return { userId: doc._id, ...identity(doc) };
}
