import { AppearanceModel } from '../appearance/appearance.model';
import { endUserSessions } from '../auth/session.store';
import { deleteAllAssetRows } from '../assets/asset.service';
import { logger } from '../logger';
import { deleteUserSnapshots } from '../snapshots/snapshot.service';
import { OAuthAccountModel } from '../oauth/oauth.model';
import { deleteSpace } from '../spaces/space.service';
import { deletePrefix, storageKeys } from '../storage';
import { deleteUserTokens } from '../tokens/token.service';
import { UserModel } from './user.model';

/**
 * Removes a user and everything they own: sign-ins first (sessions, tokens), then their data space, asset rows
 * and stored files, and the user row last, so a failure half-way leaves an account an admin can delete again.
 * Internal: callers authorise. Domains that store per-user data add their cleanup here.
 */
export async function purgeUser(userId: string): Promise<void> {
  await endUserSessions(userId);
  await deleteUserTokens(userId);
  await deleteUserSnapshots(userId);
  await OAuthAccountModel.deleteMany({ userId });
  await deleteSpace(userId);
  await AppearanceModel.deleteMany({ ownerId: userId });
  await deleteAllAssetRows(userId);
  await deletePrefix(storageKeys.userPrefix(userId));
  await UserModel.deleteOne({ _id: userId });
  logger.info('users', 'user deleted with all their data', { userId });
}
