import { normaliseUsername } from './user.schema';
import { UserModel, userCache, type UserDoc } from './user.model';

/** A user by id; read on every authenticated request, so briefly cached (server/lookup-cache.ts). */
export async function findUserById(id: string): Promise<UserDoc | null> {
  return userCache.get(id, () => UserModel.findById(id).lean<UserDoc>());
}

export async function findUserByUsername(username: string): Promise<UserDoc | null> {
  return UserModel.findOne({ usernameKey: usernameKey(username) }).lean<UserDoc>();
}

/** What makes two usernames the same: NFKC and case (see normaliseUsername). */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toLowerCase();
}
