// Importing one space's archive content: files first (to new ids under the owner's storage prefix), then the rows
// as one unit of work, then the file records and appearance rows. Anything that fails before the unit of work
// commits removes the files it stored, so a refused archive leaves the space, the records and the storage as they
// were.
import { randomUUID } from 'node:crypto';
import { AppearanceModel, appearanceAssetIds, type AppearanceDoc } from '../appearance/appearance.model';
import { ASSET_KINDS, AssetModel, type AssetDoc, type AssetKind } from '../assets/asset.model';
import { ANY_FILE, KIND_RULES, sniffType } from '../assets/file-rules';
import { peekStream } from '../assets/upload';
import { CardModel } from '../cards/card.model';
import { planNoteTodos } from '../cards/note-todos';
import { isAppError } from '../errors';
import { logger } from '../logger';
import { assertQuota } from '../settings/quota';
import { writeSpace } from '../spaces/space.write';
import { IdsTakenError } from '../spaces/space.write-ops';
import { TagModel } from '../tags/tag.model';
import { deleteObjects, putObject, storageKeys } from '../storage';
import { ADMIN_ID } from '../actor';
import { assetIdOfEntry, assetRefs } from './archive-format';
import { importChannels } from './channels';
import { planImport, reusableIds, type ImportCounts, type ImportMode } from './import-plan';
import type { Progress } from './progress';
import type { ArchivedSpace } from './space-read';
import type { SafeZip } from './zip-read';

interface StoredFile {
  doc: AssetDoc;
  oldNoteId: string | null;
}

/** Stores the files of an archive folder under new ids of `ownerId` (keys pushed to `stored` as they start). */
export async function storeFiles(
  zip: SafeZip,
  folder: string,
  ownerId: string,
  data: Pick<ArchivedSpace, 'files' | 'noteFileKinds'>,
  stored: string[],
  progress?: Progress,
): Promise<{ files: StoredFile[]; ids: Map<string, string> }> {
  const files: StoredFile[] = [];
  const ids = new Map<string, string>();
  for (const name of zip.filesUnder(folder)) {
    const oldId = assetIdOfEntry(name);
    if (!oldId || ids.has(oldId)) continue;
    const row = data.files.get(oldId);
    const recorded = row?.kind ?? '';
    const kind: AssetKind = (ASSET_KINDS as readonly string[]).includes(recorded)
      ? (recorded as AssetKind)
      : (data.noteFileKinds.get(oldId) ?? 'wallpaper');
    const originalName = row?.originalName ?? null;
    const { head, stream } = await peekStream(await zip.stream(name), 4100);
    const incoming = { stream, filename: originalName ?? name, declaredType: null };
    let mimeType: string;
    try {
      mimeType = await sniffType(incoming, head, KIND_RULES[kind]).catch(() =>
        sniffType(incoming, head, { maxBytes: 0, types: ANY_FILE }),
      );
    } catch (err) {
      // A program or script is not stored; whatever referred to it loses the reference.
      if (!isAppError(err)) throw err;
      stream.resume();
      continue;
    }
    const id = `asset-${randomUUID()}`;
    const key = storageKeys.asset(ownerId, id);
    stored.push(key);
    const { size } = await putObject(key, stream, { contentType: mimeType });
    ids.set(oldId, id);
    files.push({
      oldNoteId: row?.noteId ?? null,
      doc: {
        _id: id,
        ownerId,
        kind: kind === 'avatar' ? 'wallpaper' : kind,
        key,
        mimeType,
        size,
        originalName,
        noteId: null,
        detachedAt: null,
        createdAt: new Date(),
      },
    });
    progress?.step();
  }
  return { files, ids };
}

/**
 * Imports one space's rows and files from an archive into `ownerId`'s space (files under `folder`). Internal:
 * callers authorise and have checked the archive's manifest and signature.
 */
export async function importSpace(
  ownerId: string,
  zip: SafeZip,
  data: ArchivedSpace,
  options: {
    mode: ImportMode;
    sitesOnly: boolean;
    folder: string;
    progress?: Progress;
    /** The archive is the owner's own export: cards and tags keep their ids where they are free. */
    keepIds?: boolean;
  },
): Promise<ImportCounts> {
  const stored: string[] = [];
  let committed = false;
  try {
    const { files, ids } = await storeFiles(zip, options.folder, ownerId, data, stored, options.progress);
    const clean = options.mode === 'clean';
    // Ids of the archive another account holds (only possible for documents written behind the services' back):
    // a merge import asks the database first; a clean import finds them as its inserts meet them, and is planned
    // and written again without them (the wholesale write leaves the owner's space whole either way).
    const taken = new Set<string>();
    let plan: ReturnType<typeof planImport> | undefined;
    for (let attempt = 0; !plan; attempt++) {
      try {
        ({ result: plan } = await writeSpace(ownerId, async (space) => {
          if (options.keepIds && !clean) {
            const absent = reusableIds(data).filter((id) => !space.cards.has(id) && !space.tagsById.has(id));
            for (const id of await heldByOthers(ownerId, absent)) taken.add(id);
          }
          const planned = planImport(space, data, {
            mode: options.mode,
            sitesOnly: options.sitesOnly,
            assetIds: ids,
            reuseIds: options.keepIds ? { taken } : null,
          });
          await assertQuota(space, planned.change);
          // A clean import replaces the space: written wholesale (space.write-ops.ts, replaceRows).
          return { change: planned.change, followUp: planNoteTodos, replace: clean, result: planned };
        }));
      } catch (err) {
        if (!(err instanceof IdsTakenError) || !options.keepIds || attempt >= 2) throw err;
        for (const id of err.ids) taken.add(id);
      }
    }
    committed = true;
    // Files only what this import wrote uses are kept (incremental skips leave theirs unused).
    const appearances = await appearancesToWrite(ownerId, data, options.mode, options.sitesOnly, ids);
    const used = new Set<string>();
    assetRefs([plan.change.upsertCards, plan.change.upsertTags], used);
    for (const a of appearances) for (const id of appearanceAssetIds(a)) used.add(id);
    const keep: AssetDoc[] = [];
    const drop: string[] = [];
    for (const f of files) {
      const noteId = f.oldNoteId ? plan.cardIds.get(f.oldNoteId) : undefined;
      if (used.has(f.doc._id) || (noteId && plan.written.has(noteId)))
        keep.push({ ...f.doc, noteId: noteId ?? null });
      else drop.push(f.doc.key);
    }
    const attached = await alreadyAttached(ownerId, keep);
    const fresh = keep.filter((f) => !attached.has(f._id));
    for (const f of keep) if (attached.has(f._id)) drop.push(f.key);
    if (fresh.length) await AssetModel.insertMany(fresh, { ordered: false });
    await deleteObjects(drop).catch(() => {});
    for (const row of appearances) await AppearanceModel.replaceOne({ _id: row._id }, row, { upsert: true });
    if (!options.sitesOnly) await importChannels(ownerId, data.channels, options.mode);
    return plan.counts;
  } catch (err) {
    if (!committed && stored.length) {
      await deleteObjects(stored).catch((e: unknown) =>
        logger.warn('portability', 'could not remove the files of a refused import', { error: String(e) }),
      );
    }
    throw err;
  }
}

/**
 * Imported attachments the note has already (same name and size): a note that kept its id in an import of the
 * owner's own archive still has its attachment records, which would otherwise show twice. Those records stay (and
 * count as attached again); the imported copies are not kept. Answers the imported files' ids to drop.
 */
async function alreadyAttached(ownerId: string, files: AssetDoc[]): Promise<Set<string>> {
  const incoming = files.filter((f) => f.kind === 'note-attachment' && f.noteId);
  if (!incoming.length) return new Set();
  const noteIds = [...new Set(incoming.map((f) => f.noteId!))];
  const existing = await AssetModel.find({ ownerId, kind: 'note-attachment', noteId: { $in: noteIds } })
    .select({ _id: 1, noteId: 1, originalName: 1, size: 1 })
    .lean<Pick<AssetDoc, '_id' | 'noteId' | 'originalName' | 'size'>[]>();
  const key = (a: Pick<AssetDoc, 'noteId' | 'originalName' | 'size'>) =>
    `${a.noteId}\n${a.originalName}\n${a.size}`;
  const byKey = new Map(existing.map((a) => [key(a), a._id]));
  const drop = new Set<string>();
  const reattached: string[] = [];
  for (const f of incoming) {
    const match = byKey.get(key(f));
    if (!match) continue;
    drop.add(f._id);
    reattached.push(match);
    byKey.delete(key(f));
  }
  // Marked when the note was deleted (a clear): attached again now.
  if (reattached.length)
    await AssetModel.updateMany({ _id: { $in: reattached } }, { $set: { detachedAt: null } });
  return drop;
}

/** Of these card and tag ids, those another account's documents hold (`_id` lookups, in chunks). */
async function heldByOthers(ownerId: string, ids: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  const CHUNK = 500;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const filter = { _id: { $in: chunk }, ownerId: { $ne: ownerId } };
    const [cards, tags] = await Promise.all([
      CardModel.find(filter).select({ _id: 1 }).lean<{ _id: string }[]>(),
      TagModel.find(filter).select({ _id: 1 }).lean<{ _id: string }[]>(),
    ]);
    for (const row of [...cards, ...tags]) taken.add(row._id);
  }
  return taken;
}

/** The appearance rows an import writes: all of them, except themes that exist already in incremental mode. */
async function appearancesToWrite(
  ownerId: string,
  data: ArchivedSpace,
  mode: ImportMode,
  sitesOnly: boolean,
  ids: Map<string, string>,
): Promise<AppearanceDoc[]> {
  if (!data.appearances?.length || sitesOnly) return [];
  // A picture that is not among the imported files would not be the owner's: it is dropped.
  const file = (id: string | null) => (id ? (ids.get(id) ?? null) : null);
  const out: AppearanceDoc[] = [];
  for (const { theme, look } of data.appearances) {
    const _id = `${ownerId}:${theme}`;
    if (mode === 'incremental' && (await AppearanceModel.exists({ _id }))) continue;
    out.push({
      _id,
      ownerId,
      theme,
      desktopWallpaperAssetId: file(look.desktopWallpaperAssetId),
      mobileWallpaperAssetId: file(look.mobileWallpaperAssetId),
      fontPreset: look.fontPreset,
      fontSize: look.fontSize,
      overlayOpacity: look.overlayOpacity,
      textColor: look.textColor,
      logoAssetId: file(look.logoAssetId),
      faviconAssetId: file(look.faviconAssetId),
      desktopCardFrosted: look.desktopCardFrosted,
      mobileCardFrosted: look.mobileCardFrosted,
      // Only the administrator's look picks the visitors' theme (as saveAppearances decides).
      isDefault: ownerId === ADMIN_ID && look.isDefault,
      updatedAt: new Date(),
    });
  }
  return out;
}
