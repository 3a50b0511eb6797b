import { UserModel, type UserDoc } from './user.model';

export async function findUserById(id: string): Promise<UserDoc | null> {
  return UserModel.findById(id).lean<UserDoc>();
}

export async function findUserByUsername(username: string): Promise<UserDoc | null> {
  return UserModel.findOne({ usernameKey: username.trim().toLowerCase() }).lean<UserDoc>();
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
