import { randomUUID } from 'node:crypto';
import { badRequest } from '../errors';
import { logger } from '../logger';
import { deleteObjects, putObject, storageKeys } from '../storage';
import { AssetModel, type AssetDoc, type AssetKind } from './asset.model';
import { KIND_RULES, sniffType, type StoreRules } from './file-rules';
import { peekStream, type IncomingFile } from './upload';

const SNIFF_BYTES = 4100;

/**
 * Stores an uploaded file for an owner: sniffs its type from the content, streams it to S3 under a key from
 * storageKeys with the size limit enforced while streaming, then records it. Internal: callers authorise.
 */
export async function storeAsset(
  ownerId: string,
  kind: AssetKind,
  file: IncomingFile,
  rules: StoreRules = KIND_RULES[kind],
  extra: { noteId?: string | null } = {},
): Promise<AssetDoc> {
  const { head, stream } = await peekStream(file.stream, SNIFF_BYTES);
  if (head.length === 0) throw badRequest('The file is empty');
  const mimeType = await sniffType(file, head, rules);
  const id = `asset-${randomUUID()}`;
  const key = kind === 'avatar' ? storageKeys.avatar(ownerId, id) : storageKeys.asset(ownerId, id);
  const { size } = await putObject(key, stream, { contentType: mimeType, maxBytes: rules.maxBytes });
  const doc: AssetDoc = {
    _id: id,
    ownerId,
    kind,
    key,
    mimeType,
    size,
    originalName: file.filename ? file.filename.slice(0, 255) : null,
    noteId: extra.noteId ?? null,
    detachedAt: null,
    createdAt: new Date(),
  };
  try {
    await AssetModel.create(doc);
  } catch (err) {
    await deleteObjects([key]).catch(() => {});
    throw err;
  }
  return doc;
}

/** An asset by id, when it is one of `kinds`. Public: asset ids are unguessable. */
export async function findAsset(assetId: string, kinds?: readonly AssetKind[]): Promise<AssetDoc | null> {
  if (!/^asset-[0-9a-f-]{36}$/.test(assetId)) return null;
  const asset = await AssetModel.findById(assetId).lean<AssetDoc>();
  if (!asset || (kinds && !kinds.includes(asset.kind))) return null;
  return asset;
}

/** Deletes assets of an owner (rows and objects); ids of other owners are ignored. Internal: callers authorise. */
export async function deleteOwnedAssets(ownerId: string, assetIds: string[]): Promise<number> {
  if (assetIds.length === 0) return 0;
  const rows = await Promise.all(assetIds.map((id) => AssetModel.findById(id).lean<AssetDoc>()));
  const owned = rows.filter((r): r is AssetDoc => Boolean(r && r.ownerId === ownerId));
  if (owned.length === 0) return 0;
  await AssetModel.deleteMany({ _id: { $in: owned.map((r) => r._id) } });
  try {
    await deleteObjects(owned.map((r) => r.key));
  } catch (err) {
    // The rows are gone, so the files are unreachable; a leftover object only costs space.
    logger.warn('assets', 'could not delete stored files', { error: String(err) });
  }
  return owned.length;
}

/** Deletes every asset row of an owner (their files go with the owner's storage prefix). */
export async function deleteAllAssetRows(ownerId: string): Promise<void> {
  await AssetModel.deleteMany({ ownerId });
}
