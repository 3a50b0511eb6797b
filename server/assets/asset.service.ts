import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../errors';
import { logger } from '../logger';
import { deleteObjects, getObject, putObject, storageKeys, type StoredObject } from '../storage';
import { AssetModel, type AssetDoc, type AssetKind } from './asset.model';
import { peekStream, type IncomingFile } from './upload';

/** Raster image types accepted for pictures. SVG is refused everywhere: it can carry scripts. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;

export interface StoreRules {
  maxBytes: number;
  /** Types accepted, judged by the file's content (magic bytes), never by its name or declared type. */
  types: readonly string[];
}

const SNIFF_BYTES = 4100;

function looksLikeSvg(file: IncomingFile, head: Buffer): boolean {
  if (file.declaredType === 'image/svg+xml' || /\.svgz?$/i.test(file.filename ?? '')) return true;
  return /<svg[\s>]/i.test(head.toString('utf8', 0, Math.min(head.length, 1024)));
}

/**
 * Stores an uploaded file for an owner: sniffs its type from the content, streams it to S3 under a key from
 * storageKeys with the size limit enforced while streaming, then records it. Internal: callers authorise.
 */
export async function storeAsset(
  ownerId: string,
  kind: AssetKind,
  file: IncomingFile,
  rules: StoreRules,
  extra: { noteId?: string | null } = {},
): Promise<AssetDoc> {
  const { head, stream } = await peekStream(file.stream, SNIFF_BYTES);
  if (head.length === 0) throw badRequest('The file is empty');
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !rules.types.includes(detected.mime)) {
    if (looksLikeSvg(file, head)) {
      throw new AppError(
        'unsupported_media_type',
        'SVG images are not accepted; use PNG, JPEG, GIF, WebP or AVIF',
      );
    }
    throw new AppError(
      'unsupported_media_type',
      `Unsupported file type; accepted: ${rules.types.map((t) => t.replace(/^image\//, '')).join(', ')}`,
    );
  }
  const id = `asset-${randomUUID()}`;
  const key = kind === 'avatar' ? storageKeys.avatar(ownerId, id) : storageKeys.asset(ownerId, id);
  const { size } = await putObject(key, stream, { contentType: detected.mime, maxBytes: rules.maxBytes });
  const doc: AssetDoc = {
    _id: id,
    ownerId,
    kind,
    key,
    mimeType: detected.mime,
    size,
    originalName: file.filename ? file.filename.slice(0, 255) : null,
    noteId: extra.noteId ?? null,
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

/** An asset and its bytes for serving, or null when either is missing. Public: asset ids are unguessable. */
export async function openAsset(assetId: string): Promise<{ asset: AssetDoc; object: StoredObject } | null> {
  if (!/^asset-[0-9a-f-]{36}$/.test(assetId)) return null;
  const asset = await AssetModel.findById(assetId).lean<AssetDoc>();
  if (!asset) return null;
  const object = await getObject(asset.key);
  return object ? { asset, object } : null;
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
