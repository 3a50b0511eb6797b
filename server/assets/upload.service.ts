// Uploads other than avatars: site pictures (wallpaper, logo, favicon, icon) and note images, files and
// attachments. Routes stream the multipart body (readMultipartFile) and hand the file here.
import type { Actor } from '../actor';
import { requireCard } from '../cards/card.store';
import { AppError, badRequest, notFound } from '../errors';
import { UPLOADS_PER_USER, assertWithin, consume } from '../rate-limit/rate-limit.service';
import { getSpace } from '../spaces/space.cache';
import { assetUrl, toAttachment, type NoteAttachmentDto } from './asset.dto';
import { AssetModel, type AssetDoc, type AssetKind } from './asset.model';
import { deleteOwnedAssets, storeAsset } from './asset.service';
import { ANY_FILE, KIND_RULES } from './file-rules';
import type { IncomingFile } from './upload';

export const PICTURE_KINDS = ['wallpaper', 'logo', 'favicon', 'icon'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];
/** The largest picture upload (a wallpaper): the request limit before the kind is known. */
export const PICTURE_MAX_BYTES = Math.max(...PICTURE_KINDS.map((k) => KIND_RULES[k].maxBytes));

/** Unknown or missing kinds use the wallpaper rules (compat §1.12). */
export function pictureKind(value: string | undefined | null): PictureKind {
  return (PICTURE_KINDS as readonly string[]).includes(value ?? '') ? (value as PictureKind) : 'wallpaper';
}

async function storeFor(actor: Actor, kind: AssetKind, file: IncomingFile, noteId?: string | null) {
  assertWithin(await consume(UPLOADS_PER_USER, actor.userId));
  return storeAsset(actor.userId, kind, file, KIND_RULES[kind], { noteId });
}

/** Whether a stored file also meets another kind's rules (when the kind arrived after the file). */
function meetsRules(asset: AssetDoc, kind: AssetKind): AppError | null {
  const rules = KIND_RULES[kind];
  if (asset.size > rules.maxBytes)
    return new AppError('payload_too_large', `File is too large for a ${kind}`);
  if (rules.types !== ANY_FILE && !rules.types.includes(asset.mimeType)) {
    return new AppError('unsupported_media_type', `Unsupported file type for a ${kind}`);
  }
  return null;
}

/**
 * Stores a wallpaper, logo, favicon or icon. `kindBefore` is the kind known when the file started (query or an
 * earlier form field); `fieldsAfter` are all the fields, so a `kind` sent after the file is still honoured.
 * The caller's `oldAssetId` is deleted once the new file is stored.
 */
export async function uploadPicture(
  actor: Actor,
  file: IncomingFile,
  kindBefore: string | undefined,
): Promise<AssetDoc> {
  return storeFor(actor, pictureKind(kindBefore), file);
}

export async function finishPicture(
  actor: Actor,
  asset: AssetDoc,
  fields: Record<string, string>,
): Promise<{ id: string; kind: PictureKind; url: string }> {
  const kind = pictureKind(fields.kind ?? asset.kind);
  if (kind !== asset.kind) {
    const refused = meetsRules(asset, kind);
    if (refused) {
      await deleteOwnedAssets(actor.userId, [asset._id]);
      throw refused;
    }
    await AssetModel.updateOne({ _id: asset._id }, { $set: { kind } });
  }
  const old = fields.oldAssetId;
  if (old && old !== asset._id) await deleteOwnedAssets(actor.userId, [old]);
  return { id: asset._id, kind, url: assetUrl(asset._id) };
}

/**
 * Stores the picture of a social card's QR code (an image, by the icon rules); the card refers to it by the URL,
 * which keeps the file alive (asset.sweep.ts reads the cards' data).
 */
export async function uploadQrCode(actor: Actor, file: IncomingFile): Promise<{ id: string; url: string }> {
  const asset = await storeFor(actor, 'icon', file);
  return { id: asset._id, url: assetUrl(asset._id) };
}

/**
 * Deletes the caller's icon uploads among `assetIds` that no card of theirs shows any more (icons outlive a card
 * deletion so an undo can bring them back; the client cleans up later, compat §10).
 */
export async function cleanupIcons(actor: Actor, assetIds: string[]): Promise<{ cleaned: number }> {
  const ids = assetIds.filter((id) => /^asset-[0-9a-f-]{36}$/.test(id));
  if (ids.length === 0) return { cleaned: 0 };
  const space = await getSpace(actor.userId);
  const used = new Set<string>();
  for (const card of space.cards.values()) {
    const m = /^\/api\/assets\/([^/]+)\/file$/.exec(card.iconUrl ?? '');
    if (m?.[1]) used.add(m[1]);
    // A social card's QR code picture is an icon upload too.
    const qr = /^\/api\/assets\/([^/]+)\/file$/.exec(String(card.cardData?.qrCodeUrl ?? ''));
    if (qr?.[1]) used.add(qr[1]);
  }
  const rows = await AssetModel.find({ _id: { $in: ids }, ownerId: actor.userId, kind: 'icon' })
    .select({ _id: 1 })
    .lean<{ _id: string }[]>();
  const orphans = rows.map((r) => r._id).filter((id) => !used.has(id));
  return { cleaned: await deleteOwnedAssets(actor.userId, orphans) };
}

/** A note of the caller (404 otherwise). */
async function requireOwnNote(actor: Actor, noteId: string): Promise<void> {
  requireCard(await getSpace(actor.userId), noteId, 'note');
}

/** Stores a note picture; it is referenced from the note's Markdown by its URL. */
export async function uploadNoteImage(actor: Actor, file: IncomingFile) {
  const asset = await storeFor(actor, 'note-image', file);
  return { url: `/api/note-cards/img/${asset._id}`, assetId: asset._id };
}

/** Stores a note file (any type but programs, up to 10 MB); linked from the note's Markdown by its URL. */
export async function uploadNoteFile(actor: Actor, file: IncomingFile) {
  const asset = await storeFor(actor, 'note-file', file);
  return { url: `/api/note-cards/file/${asset._id}`, assetId: asset._id, filename: asset.originalName };
}

/** Stores an attachment (up to 100 MB) on one of the caller's notes, or unattached when no note is given. */
export async function uploadAttachment(
  actor: Actor,
  file: IncomingFile,
  fieldsBefore: Record<string, string>,
): Promise<AssetDoc> {
  if (fieldsBefore.noteId) await requireOwnNote(actor, fieldsBefore.noteId);
  return storeFor(actor, 'note-attachment', file, fieldsBefore.noteId || null);
}

/** Attaches an upload to the note named in a field sent after the file (deleting it if that note is not theirs). */
export async function finishAttachment(
  actor: Actor,
  asset: AssetDoc,
  fields: Record<string, string>,
): Promise<{ item: NoteAttachmentDto }> {
  const noteId = fields.noteId || null;
  if (noteId && asset.noteId !== noteId) {
    try {
      await requireOwnNote(actor, noteId);
    } catch (err) {
      await deleteOwnedAssets(actor.userId, [asset._id]);
      throw err;
    }
    await AssetModel.updateOne({ _id: asset._id }, { $set: { noteId } });
    asset = { ...asset, noteId };
  }
  return { item: toAttachment(asset) };
}

/**
 * Attaches to one of the caller's notes the attachments uploaded before it existed (no note yet, as the new-note
 * editor sends them); ids of other files, others' or already attached ones, are left alone. Keyed by `_id` each.
 */
export async function attachUploads(
  actor: Actor,
  noteId: string,
  ids: string[],
): Promise<{ attached: number }> {
  await requireOwnNote(actor, noteId);
  let attached = 0;
  for (const id of [...new Set(ids)].slice(0, MAX_CLAIMED)) {
    const res = await AssetModel.updateOne(
      { _id: id, ownerId: actor.userId, kind: 'note-attachment', noteId: null },
      { $set: { noteId } },
    );
    attached += res.modifiedCount;
  }
  return { attached };
}
/** Attachments a new note may claim at once (the editor uploads them one by one). */
const MAX_CLAIMED = 50;

/**
 * The attachments of a note as its public page lists them (anyone who has the note's page; the files download
 * from public URLs as compat §1 has them), oldest first.
 */
export async function noteAttachments(note: { _id: string; ownerId: string }): Promise<NoteAttachmentDto[]> {
  const rows = await AssetModel.find({ ownerId: note.ownerId, noteId: note._id, kind: 'note-attachment' })
    .sort({ createdAt: 1 })
    .lean<AssetDoc[]>();
  return rows.map(toAttachment);
}

/** The attachments of one of the caller's notes, oldest first. */
export async function listAttachments(actor: Actor, noteId: string): Promise<{ items: NoteAttachmentDto[] }> {
  if (!noteId) throw badRequest('noteId is required');
  await requireOwnNote(actor, noteId);
  const rows = await AssetModel.find({ ownerId: actor.userId, noteId, kind: 'note-attachment' })
    .sort({ createdAt: 1 })
    .lean<AssetDoc[]>();
  return { items: rows.map(toAttachment) };
}

async function requireOwnAttachment(actor: Actor, id: string): Promise<AssetDoc> {
  const row = await AssetModel.findById(id).lean<AssetDoc>();
  if (!row || row.ownerId !== actor.userId || row.kind !== 'note-attachment') throw notFound('Attachment');
  return row;
}

/** Renames one of the caller's attachments (the name it downloads under). */
export async function renameAttachment(actor: Actor, id: string, filename: string): Promise<{ ok: true }> {
  await requireOwnAttachment(actor, id);
  await AssetModel.updateOne({ _id: id }, { $set: { originalName: filename.trim().slice(0, 255) } });
  return { ok: true };
}

/** Deletes one of the caller's attachments, file and record. */
export async function deleteAttachment(actor: Actor, id: string): Promise<{ ok: true }> {
  await requireOwnAttachment(actor, id);
  await deleteOwnedAssets(actor.userId, [id]);
  return { ok: true };
}
