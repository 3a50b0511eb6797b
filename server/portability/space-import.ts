// Importing one space's archive content: files first (to new ids under the owner's storage prefix), then the rows
// as one unit of work, then the file records and appearance rows. Anything that fails before the unit of work
// commits removes the files it stored, so a refused archive leaves the space, the records and the storage as they
// were.
import { randomUUID } from 'node:crypto';
import { AppearanceModel, appearanceAssetIds, type AppearanceDoc } from '../appearance/appearance.model';
import { ASSET_KINDS, AssetModel, type AssetDoc, type AssetKind } from '../assets/asset.model';
import { ANY_FILE, KIND_RULES, sniffType } from '../assets/file-rules';
import { peekStream } from '../assets/upload';
import { planNoteTodos } from '../cards/note-todos';
import { isAppError } from '../errors';
import { logger } from '../logger';
import { mergeChanges } from '../spaces/space.cache';
import { assertQuota } from '../spaces/quota';
import { writeSpace } from '../spaces/space.write';
import { deleteObjects, putObject, storageKeys } from '../storage';
import { assetIdOfEntry, assetRefs, type SpaceData } from './archive-format';
import { importChannels } from './channels';
import { planImport, type ImportCounts, type ImportMode } from './import-plan';
import { appearanceFromRow, rowId } from './rows';
import type { Progress } from './progress';
import type { SafeZip } from './zip-read';

interface StoredFile {
  doc: AssetDoc;
  oldNoteId: string | null;
}

/** The kind a file of an older archive (which records none) is used as, from how the rows refer to it. */
function legacyKinds(data: SpaceData): Map<string, AssetKind> {
  const kinds = new Map<string, AssetKind>();
  const text = JSON.stringify(data.cards);
  for (const m of text.matchAll(/\/api\/note-cards\/img\/(asset-[A-Za-z0-9-]+)/g))
    kinds.set(m[1]!, 'note-image');
  for (const m of text.matchAll(/\/api\/note-cards\/(?:file|attach)\/(asset-[A-Za-z0-9-]+)/g))
    kinds.set(m[1]!, 'note-file');
  return kinds;
}

/** Stores the files of an archive folder under new ids of `ownerId` (keys pushed to `stored` as they start). */
export async function storeFiles(
  zip: SafeZip,
  folder: string,
  ownerId: string,
  data: SpaceData,
  stored: string[],
  progress?: Progress,
): Promise<{ files: StoredFile[]; ids: Map<string, string> }> {
  const meta = new Map((data.assets ?? []).map((r) => [rowId(r, 'id') ?? '', r]));
  const legacy = legacyKinds(data);
  const files: StoredFile[] = [];
  const ids = new Map<string, string>();
  for (const name of zip.filesUnder(folder)) {
    const oldId = assetIdOfEntry(name);
    if (!oldId || ids.has(oldId)) continue;
    const row = meta.get(oldId);
    const recorded = typeof row?.kind === 'string' ? row.kind : '';
    const kind: AssetKind = (ASSET_KINDS as readonly string[]).includes(recorded)
      ? (recorded as AssetKind)
      : (legacy.get(oldId) ?? 'wallpaper');
    const originalName = typeof row?.original_name === 'string' ? row.original_name.slice(0, 255) : null;
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
    const noteId = typeof row?.note_id === 'string' ? row.note_id : null;
    files.push({
      oldNoteId: noteId,
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
  data: SpaceData,
  options: { mode: ImportMode; sitesOnly: boolean; folder: string; progress?: Progress },
): Promise<ImportCounts> {
  const stored: string[] = [];
  let committed = false;
  try {
    const { files, ids } = await storeFiles(zip, options.folder, ownerId, data, stored, options.progress);
    const { result: plan } = await writeSpace(ownerId, async (space) => {
      const planned = planImport(space, data, {
        mode: options.mode,
        sitesOnly: options.sitesOnly,
        assetIds: ids,
      });
      await assertQuota(space, planned.change);
      const todos = planNoteTodos(space.with(planned.change, space.rev));
      // A clean import replaces the space: written wholesale (deleted by owner, then inserted).
      return {
        change: mergeChanges(planned.change, todos),
        replace: options.mode === 'clean',
        result: planned,
      };
    });
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
    if (keep.length) await AssetModel.insertMany(keep, { ordered: false });
    await deleteObjects(drop).catch(() => {});
    for (const row of appearances) await AppearanceModel.replaceOne({ _id: row._id }, row, { upsert: true });
    if (!options.sitesOnly) await importChannels(ownerId, data.notificationChannels, options.mode);
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

/** The appearance rows an import writes: all of them, except themes that exist already in incremental mode. */
async function appearancesToWrite(
  ownerId: string,
  data: SpaceData,
  mode: ImportMode,
  sitesOnly: boolean,
  ids: Map<string, string>,
): Promise<AppearanceDoc[]> {
  if (!data.appearances?.length || sitesOnly) return [];
  const mapAsset = (id: string | null) => (id ? (ids.get(id) ?? null) : null);
  const rows = data.appearances
    .map((r) => appearanceFromRow(r, ownerId, mapAsset))
    .filter((r): r is AppearanceDoc => r !== null);
  const out: AppearanceDoc[] = [];
  for (const row of rows) {
    if (mode === 'incremental' && (await AppearanceModel.exists({ _id: row._id }))) continue;
    out.push(row);
  }
  return out;
}
