// One data space as archive content: the `data.json` rows and the files they refer to. Shared by the per-user
// export and the whole-instance configuration export. Files are added to the ZIP lazily (each S3 object is opened
// only when yazl is ready to write it), so an export of any size streams through a few buffers.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type yazl from 'yazl';
import { AppearanceModel, appearanceAssetIds, type AppearanceDoc } from '../appearance/appearance.model';
import { AssetModel, type AssetDoc } from '../assets/asset.model';
import { cardKind } from '../cards/card-kinds.shared';
import { getSpace } from '../spaces/space.cache';
import { getObject, pullStream } from '../storage';
import { channelRows } from './channels';
import { assetEntryName, assetRefs, type SpaceData } from './archive-format';
import { appearanceRow, assetRow, cardRow, membershipRow, relationRow, tagRow } from './rows';

export interface SpaceExport {
  data: SpaceData;
  assets: AssetDoc[];
}

/**
 * The rows of a space (only website cards and their tags with `sitesOnly`) and the owner's files they use (every
 * file but the avatar with `allFiles`, for the configuration archive).
 */
export async function collectSpace(
  ownerId: string,
  options: { sitesOnly: boolean; allFiles?: boolean },
): Promise<SpaceExport> {
  const space = await getSpace(ownerId);
  const cards = [...space.cards.values()]
    .filter((c) => !options.sitesOnly || cardKind(c) === 'site')
    .sort((a, b) => a.globalSortOrder - b.globalSortOrder || a._id.localeCompare(b._id));
  const cardIds = new Set(cards.map((c) => c._id));
  const memberships = [...space.membershipsByTag.values()].flat().filter((m) => cardIds.has(m.cardId));
  const usedTags = new Set(memberships.map((m) => m.tagId));
  const tags = space.tags.filter((t) => !options.sitesOnly || usedTags.has(t._id));
  const relations = [...space.relations()].filter((r) => cardIds.has(r.sourceId) && cardIds.has(r.targetId));
  const appearances = options.sitesOnly
    ? []
    : await AppearanceModel.find({ ownerId }).sort({ theme: 1 }).lean<AppearanceDoc[]>();

  const data: SpaceData = {
    tags: tags.map(tagRow),
    cards: cards.map(cardRow),
    card_tags: memberships.map(membershipRow),
    card_relations: relations.map(relationRow),
  };
  if (appearances.length) data.appearances = appearances.map(appearanceRow);
  if (!options.sitesOnly) data.notificationChannels = await channelRows(ownerId);

  // Files: every asset a row refers to, the attachments of exported notes and the appearance pictures.
  const refs = new Set<string>();
  assetRefs([data.tags, data.cards], refs);
  for (const a of appearances) for (const id of appearanceAssetIds(a)) refs.add(id);
  const noteIds = cards.filter((c) => cardKind(c) === 'note').map((c) => c._id);
  const owned = await AssetModel.find({ ownerId }).lean<AssetDoc[]>();
  const notes = new Set(noteIds);
  // Only the owner's own files: a reference to someone else's file is exported as the reference alone.
  const assets = owned
    .filter((a) =>
      options.allFiles ? a.kind !== 'avatar' : refs.has(a._id) || (a.noteId !== null && notes.has(a.noteId)),
    )
    .sort((a, b) => a._id.localeCompare(b._id));
  data.assets = assets.map(assetRow);
  return { data, assets };
}

/** Adds the files of a space to a ZIP under `folder`, each opened from S3 only when yazl writes it. */
export function addAssets(zip: yazl.ZipFile, assets: AssetDoc[], folder: string, onFile?: () => void): void {
  for (const asset of assets) {
    zip.addReadStreamLazy(
      assetEntryName(asset, folder),
      { mtime: new Date(asset.createdAt), compress: compressible(asset.mimeType) },
      (cb) => {
        getObject(asset.key).then(
          (obj) => {
            onFile?.();
            if (!obj) {
              // A file missing from storage is exported empty rather than failing the whole export.
              const empty = Readable.from([]);
              cb(null, empty);
              return;
            }
            cb(null, Readable.fromWeb(obj.body as unknown as NodeWebStream<Uint8Array>));
          },
          (err: unknown) => cb(err, Readable.from([])),
        );
      },
    );
  }
}

/** Whether a file is worth deflating in an archive (pictures and videos are compressed already). */
export function compressible(mimeType: string): boolean {
  return !/^(image|video)\//.test(mimeType);
}

/** A download response streaming the ZIP as yazl writes it. */
export function zipResponse(zip: yazl.ZipFile, filename: string): Response {
  return zipStreamResponse(pullStream(zip.outputStream as Readable), filename);
}

/** A download response streaming a ZIP's bytes. */
export function zipStreamResponse(body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** `YYYYMMDD-HHMMSS` (UTC) for file names. */
export function stamp(d = new Date()): string {
  const s = d.toISOString();
  return `${s.slice(0, 10).replaceAll('-', '')}-${s.slice(11, 19).replaceAll(':', '')}`;
}
