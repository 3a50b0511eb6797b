import type { Role } from '../actor';
import { hashPassword } from '../auth/passwords';
import { randomAvatarColor } from './avatar-color';
import type { UserDoc } from './user.model';
import { usernameKey } from './user.lookup';

/** A new account's document: password hashed, nickname = username, a random avatar colour. */
export async function newUserDoc(fields: {
  id: string;
  username: string;
  password: string;
  role: Role;
}): Promise<UserDoc> {
  const now = new Date();
  return {
    _id: fields.id,
    username: fields.username,
    usernameKey: usernameKey(fields.username),
    passwordHash: await hashPassword(fields.password),
    hasPassword: true,
    role: fields.role,
    nickname: fields.username,
    avatarAssetId: null,
    avatarColor: randomAvatarColor(),
    usernameChanged: false,
    createdAt: now,
    updatedAt: now,
  };
}
