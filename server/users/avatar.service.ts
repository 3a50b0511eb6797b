import type { Actor } from '../actor';
import { deleteOwnedAssets, storeAsset } from '../assets/asset.service';
import { KIND_RULES } from '../assets/file-rules';
import { assetUrl } from '../assets/asset.dto';
import type { IncomingFile } from '../assets/upload';
import { requireUser } from '../auth/permissions';
import { AppError } from '../errors';
import { UPLOADS_PER_USER, assertWithin, consume } from '../rate-limit/rate-limit.service';
import { findUserById } from './user.lookup';
import { UserModel } from './user.model';

export const AVATAR_MAX_BYTES = KIND_RULES.avatar.maxBytes;

/** Stores a new avatar picture for the caller (raster images up to 5 MB) and deletes the one it replaces. */
export async function setAvatar(
  actor: Actor | null,
  file: IncomingFile,
): Promise<{ id: string; url: string }> {
  const a = requireUser(actor);
  assertWithin(await consume(UPLOADS_PER_USER, a.userId));
  const asset = await storeAsset(a.userId, 'avatar', file);
  const before = await findUserById(a.userId);
  if (!before) {
    await deleteOwnedAssets(a.userId, [asset._id]);
    throw new AppError('unauthorized', 'Authentication required');
  }
  await UserModel.updateOne({ _id: a.userId }, { $set: { avatarAssetId: asset._id } });
  if (before.avatarAssetId) await deleteOwnedAssets(a.userId, [before.avatarAssetId]);
  return { id: asset._id, url: assetUrl(asset._id) };
}

/** Removes the caller's avatar picture (they get their initial on their colour again). */
export async function removeAvatar(actor: Actor | null): Promise<{ ok: true }> {
  const a = requireUser(actor);
  const user = await findUserById(a.userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  if (user.avatarAssetId) {
    await UserModel.updateOne({ _id: a.userId }, { $set: { avatarAssetId: null } });
    await deleteOwnedAssets(a.userId, [user.avatarAssetId]);
  }
  return { ok: true };
}
