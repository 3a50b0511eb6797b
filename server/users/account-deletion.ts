import { AppearanceModel } from '../appearance/appearance.model';
import { endUserSessions } from '../auth/session.store';
import { deleteAllAssetRows } from '../assets/asset.service';
import { logger } from '../logger';
import { deleteUserSnapshots } from '../snapshots/snapshot.service';
import { OAuthAccountModel } from '../oauth/oauth.model';
import { CardModel, RelationModel } from '../cards/card.model';
import { forgetSpace } from '../spaces/space.cache';
import { commitReload } from '../spaces/space.write';
import { TagModel } from '../tags/tag.model';
import { deletePrefix, storageKeys } from '../storage';
import { deleteUserTokens } from '../tokens/token.service';
import { deleteUserAppGrants } from '../mcp-oauth/grant.service';
import { UserModel } from './user.model';

/**
 * Removes a user and everything they own: sign-ins first (sessions, tokens), then their data space, asset rows
 * and stored files, and the user row last, so a failure half-way leaves an account an admin can delete again.
 * Internal: callers authorise. Domains that store per-user data add their cleanup here.
 */
export async function purgeUser(userId: string): Promise<void> {
  await endUserSessions(userId);
  await deleteUserTokens(userId);
  await deleteUserAppGrants(userId);
  await deleteUserSnapshots(userId);
  await OAuthAccountModel.deleteMany({ userId });
  await deleteSpace(userId);
  await AppearanceModel.deleteMany({ ownerId: userId });
  await deleteAllAssetRows(userId);
  await deletePrefix(storageKeys.userPrefix(userId));
  await UserModel.deleteOne({ _id: userId });
  logger.info('users', 'user deleted with all their data', { userId });
}

/** Deletes everything in a space: cards (with their memberships), tags, relations and its revision record. */
async function deleteSpace(ownerId: string): Promise<void> {
  // Deleted by owner in one command per collection, then committed as a rewrite that every copy reloads. Not a
  // unit of work: that would load the space only to delete it.
  await Promise.all([
    CardModel.deleteMany({ ownerId }),
    TagModel.deleteMany({ ownerId }),
    RelationModel.deleteMany({ ownerId }),
  ]);
  await commitReload(ownerId);
  forgetSpace(ownerId);
}
