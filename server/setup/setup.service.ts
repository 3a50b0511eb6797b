import { ADMIN_ID } from '../actor';
import { isDuplicateKeyError } from '../db';
import { env } from '../env';
import { AppError } from '../errors';
import { logger } from '../logger';
import { UserModel, type UserDoc } from '../users/user.model';
import type { SetupInput } from '../users/user.schema';
import { newUserDoc } from '../users/new-user';
import { seedStarterData, type SeedLocale } from './seed';
import { fresh } from '../fresh';

// Once an admin exists it never goes away, so a positive answer is cached for CACHE_TTL_MS.
let initializedAt = 0;

/** Whether the first administrator has been created. */
export async function isInitialized(): Promise<boolean> {
  if (fresh(initializedAt, env().CACHE_TTL_MS)) return true;
  const exists = await UserModel.exists({ _id: ADMIN_ID });
  if (exists) initializedAt = Date.now();
  return Boolean(exists);
}

export function forgetInitializedForTests(): void {
  initializedAt = 0;
}

/** `{initialized}` for GET /api/setup. */
export async function getSetupState(): Promise<{ initialized: boolean }> {
  return { initialized: await isInitialized() };
}

/** Creates the administrator once and seeds the starter data; a second call is refused. */
export async function setupAdmin(input: SetupInput, options: { locale: SeedLocale }): Promise<UserDoc> {
  if (await isInitialized()) throw new AppError('already_initialized', 'This instance is already set up');
  const doc = await newUserDoc({
    id: ADMIN_ID,
    username: input.username,
    password: input.password,
    role: 'admin',
  });
  try {
    await UserModel.create(doc);
  } catch (err) {
    // Two setups racing: the second insert of the fixed admin id fails.
    if (isDuplicateKeyError(err))
      throw new AppError('already_initialized', 'This instance is already set up');
    throw err;
  }
  initializedAt = Date.now();
  try {
    await seedStarterData(ADMIN_ID, options.locale);
  } catch (err) {
    // The admin exists either way; a failed seed only leaves the dashboard empty.
    logger.error('setup', 'seeding starter data failed', { error: String(err) });
  }
  logger.info('setup', 'administrator created', { username: doc.username });
  return doc;
}
