// Test data created through the same code paths the app uses.
import { randomUUID } from 'node:crypto';
import { ADMIN_ID, type Actor, type Role } from '#server/actor';
import { createSession } from '#server/auth/session.store';
import { UserModel, type UserDoc } from '#server/users/user.model';
import { createToken } from '#server/tokens/token.service';
import { newUserDoc } from '#server/users/new-user';
import { Client } from './setup/client';

export const PASSWORD = 'Secret123';

/** Inserts a user (the admin when `id` is ADMIN_ID) with password `Secret123`. */
export async function createUser(
  options: { username?: string; role?: Role; id?: string; password?: string } = {},
): Promise<UserDoc> {
  const username = options.username ?? `u${randomUUID().slice(0, 8)}`;
  const doc = await newUserDoc({
    id: options.id ?? (options.role === 'admin' && !options.username ? ADMIN_ID : `user-${randomUUID()}`),
    username,
    password: options.password ?? PASSWORD,
    role: options.role ?? 'user',
  });
  await UserModel.create(doc);
  return doc;
}

export function actorOf(user: UserDoc, via: Actor['via'] = 'session'): Actor {
  return { userId: user._id, username: user.username, role: user.role, via };
}

/** A cookie-carrying client already signed in as the user (a session created directly). */
export async function sessionClient(user: UserDoc, options: { base?: string } = {}): Promise<Client> {
  const { token } = await createSession(user._id, { persistent: false });
  const client = new Client(options);
  client.cookies.set('sakura-nav-session', token);
  return client;
}

/** A new user (options as createUser) and a client signed in as them. */
export async function newUserClient(options: Parameters<typeof createUser>[0] = {}): Promise<Client> {
  return sessionClient(await createUser(options));
}

/** A client authenticating with a fresh personal access token of the user. */
export async function tokenClient(user: UserDoc, options: { readOnly?: boolean } = {}): Promise<Client> {
  const { token } = await createToken(actorOf(user), {
    name: 'test',
    expiresIn: '30d',
    readOnly: options.readOnly ?? false,
  });
  return new Client({ token });
}

/** The admin (id `__admin__`) plus a signed-in client. */
export async function admin(): Promise<{ user: UserDoc; client: Client }> {
  const user = await createUser({ id: ADMIN_ID, role: 'admin', username: 'admin' });
  return { user, client: await sessionClient(user) };
}
