import { normaliseUsername } from './user.schema';
import { UserModel, type UserDoc } from './user.model';

export async function findUserById(id: string): Promise<UserDoc | null> {
  return UserModel.findById(id).lean<UserDoc>();
}

export async function findUserByUsername(username: string): Promise<UserDoc | null> {
  return UserModel.findOne({ usernameKey: usernameKey(username) }).lean<UserDoc>();
}

/** What makes two usernames the same: NFKC and case (see normaliseUsername). */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toLowerCase();
}
