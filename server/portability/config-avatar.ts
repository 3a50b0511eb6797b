// Avatars in the configuration archive: an account's picture is stored as `users/<n>/avatar/<id><ext>` and named by
// the manifest's user entry (`avatarAssetId`). It belongs to the account, not to the data space, so the per-user
// archive (which moves a space, possibly into another person's account) carries none, as in the older format.
import { AssetModel } from '../assets/asset.model';
import { deleteOwnedAssets } from '../assets/asset.service';
import { IMAGE_TYPES } from '../assets/file-rules';
import { deleteObjects } from '../storage';
import { UserModel } from '../users/user.model';
import { assetIdOfEntry } from './archive-format';
import type { ConfigUserEntry } from './config-export';
import type { ImportMode } from './import-plan';
import { storeFiles } from './space-import';
import type { SafeZip } from './zip-read';

/**
 * Gives `userId` the archived avatar of entry `u` (a raster image, checked like an upload; anything else is left
 * out): `clean` and `overwrite` replace the account's picture, `incremental` sets it only on an account without one.
 * Returns whether the avatar was set.
 */
export async function importAvatar(
  zip: SafeZip,
  u: ConfigUserEntry,
  userId: string,
  mode: ImportMode,
): Promise<boolean> {
  const oldId = typeof u.avatarAssetId === 'string' ? u.avatarAssetId : null;
  const folder = `${u.folder}avatar/`;
  if (!oldId || !zip.filesUnder(folder).some((n) => assetIdOfEntry(n) === oldId)) return false;
  const user = await UserModel.findById(userId)
    .select({ avatarAssetId: 1 })
    .lean<{ avatarAssetId: string | null }>();
  if (!user || (mode === 'incremental' && user.avatarAssetId)) return false;
  const stored: string[] = [];
  const meta = {
    files: new Map([[oldId, { kind: 'avatar', originalName: null, noteId: null }]]),
    noteFileKinds: new Map(),
  };
  const { files, ids } = await storeFiles(zip, folder, userId, meta, stored);
  const newId = ids.get(oldId);
  const picture = files.find((f) => f.doc._id === newId && IMAGE_TYPES.includes(f.doc.mimeType as never));
  // Only the named picture is kept (the folder holds nothing else when our exporter wrote it).
  await deleteObjects(files.filter((f) => f !== picture).map((f) => f.doc.key)).catch(() => {});
  if (!picture) return false;
  await AssetModel.create({ ...picture.doc, kind: 'avatar' });
  await UserModel.updateOne({ _id: userId }, { $set: { avatarAssetId: picture.doc._id } });
  if (user.avatarAssetId) await deleteOwnedAssets(userId, [user.avatarAssetId]);
  return true;
}
