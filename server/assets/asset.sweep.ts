// The life of stored files after upload: a file lives while something references it (a card's icon, a note's
// Markdown or attachment list, an appearance, the site settings, an avatar, a snapshot). Files nothing references
// are marked, and deleted once they have stayed unreferenced for a grace period longer than the undo window, so an
// undone deletion always finds its files again.
import { onCardsDeleted } from '../cards/card-delete.service';
import { cardKind } from '../cards/card-kinds.shared';
import { logger } from '../logger';
import { AppearanceModel, appearanceAssetIds, type AppearanceDoc } from '../appearance/appearance.model';
import { getSettings } from '../settings/settings.service';
import { SnapshotModel, type SnapshotDoc } from '../snapshots/snapshot.model';
import { getSpace } from '../spaces/space.cache';
import { deleteObjects, listObjects } from '../storage';
import { UNDO_WINDOW_MS } from '../trash/trash.service';
import { SITE_ICON_OWNER } from '../site-icons/site-icon.model';
import { UserModel } from '../users/user.model';
import { ASSET_REF, AssetModel, type AssetDoc } from './asset.model';
import { deleteOwnedAssets } from './asset.service';

/** How long a file stays after nothing references it (and how old an upload must be before it is judged). */
export const ORPHAN_GRACE_MS = Math.max(3 * 60 * 60 * 1000, 2 * UNDO_WINDOW_MS);

// A deleted note's files are marked at once: they go one grace period later unless the deletion is undone.
onCardsDeleted(async (ownerId, cards) => {
  const noteIds = cards.filter((c) => cardKind(c) === 'note').map((c) => c._id);
  if (noteIds.length === 0) return;
  await AssetModel.updateMany(
    { ownerId, noteId: { $in: noteIds }, detachedAt: null },
    { $set: { detachedAt: new Date() } },
  );
});

/** Everything of one owner that keeps files alive: referenced asset ids and the ids of their notes. */
async function referencesOf(ownerId: string, global: Set<string>) {
  const refs = new Set(global);
  const notes = new Set<string>();
  const space = await getSpace(ownerId);
  for (const card of space.cards.values()) {
    const text = `${card.iconUrl ?? ''}\n${JSON.stringify(card.cardData ?? null)}`;
    for (const m of text.matchAll(ASSET_REF)) refs.add(m[1]!);
    if (cardKind(card) === 'note') notes.add(card._id);
  }
  const user = await UserModel.findById(ownerId)
    .select({ avatarAssetId: 1 })
    .lean<{ avatarAssetId?: string | null }>();
  if (user?.avatarAssetId) refs.add(user.avatarAssetId);
  const rows = await AppearanceModel.find({ ownerId }).lean<AppearanceDoc[]>();
  for (const row of rows) for (const id of appearanceAssetIds(row)) refs.add(id);
  // The owner's snapshots keep the files they reference (a restore must find them).
  const snapshots = await SnapshotModel.find({ ownerId })
    .select({ assetIds: 1, noteIds: 1 })
    .lean<Pick<SnapshotDoc, 'assetIds' | 'noteIds'>[]>();
  for (const s of snapshots) {
    for (const id of s.assetIds ?? []) refs.add(id);
    for (const id of s.noteIds ?? []) notes.add(id);
  }
  return { refs, notes };
}

function isReferenced(asset: AssetDoc, r: { refs: Set<string>; notes: Set<string> }): boolean {
  return r.refs.has(asset._id) || (asset.noteId !== null && r.notes.has(asset.noteId));
}

/**
 * Marks files nothing references, deletes those marked longer than the grace period, and unmarks referenced
 * ones (an undone deletion). Also deletes stored objects that have no record (an upload cut off half-way).
 */
export async function sweepOrphanAssets(now = Date.now()): Promise<{ marked: number; deleted: number }> {
  const settings = await getSettings();
  const global = new Set(
    [settings.lightLogoAssetId, settings.darkLogoAssetId, settings.faviconAssetId].filter((x): x is string =>
      Boolean(x),
    ),
  );
  const old = new Date(now - ORPHAN_GRACE_MS);
  // Site icons belong to no user: server/site-icons replaces and deletes them itself.
  const owners: string[] = (await AssetModel.distinct('ownerId', { createdAt: { $lt: old } })).filter(
    (o: string) => o !== SITE_ICON_OWNER,
  );
  let marked = 0;
  let deleted = 0;
  for (const ownerId of owners) {
    const r = await referencesOf(ownerId, global);
    const rows = await AssetModel.find({ ownerId, createdAt: { $lt: old } }).lean<AssetDoc[]>();
    const unmark: string[] = [];
    const mark: string[] = [];
    const drop: string[] = [];
    for (const a of rows) {
      if (isReferenced(a, r)) {
        if (a.detachedAt) unmark.push(a._id);
      } else if (!a.detachedAt) mark.push(a._id);
      else if (a.detachedAt < old) drop.push(a._id);
    }
    if (unmark.length) await AssetModel.updateMany({ _id: { $in: unmark } }, { $set: { detachedAt: null } });
    if (mark.length)
      await AssetModel.updateMany({ _id: { $in: mark } }, { $set: { detachedAt: new Date(now) } });
    marked += mark.length;
    deleted += await deleteOwnedAssets(ownerId, drop);
  }
  deleted += await sweepUnrecordedObjects(old);
  if (marked || deleted) logger.info('assets', 'orphan sweep', { marked, deleted });
  return { marked, deleted };
}

/** Objects under users/ older than the grace period whose asset record does not exist. */
async function sweepUnrecordedObjects(old: Date): Promise<number> {
  const objects = (await listObjects('users/')).filter((o) => o.modified < old);
  const stray: string[] = [];
  for (let i = 0; i < objects.length; i += 500) {
    const batch = objects.slice(i, i + 500);
    const ids = batch.map((o) => o.key.split('/').pop() ?? '');
    const known = new Set(
      (
        await AssetModel.find({ _id: { $in: ids } })
          .select({ _id: 1 })
          .lean<{ _id: string }[]>()
      ).map((a) => a._id),
    );
    for (const o of batch) if (!known.has(o.key.split('/').pop() ?? '')) stray.push(o.key);
  }
  await deleteObjects(stray);
  return stray.length;
}
