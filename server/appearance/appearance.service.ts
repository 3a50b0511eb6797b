// Per-owner look of the two themes (wallpapers, fonts, colours, logo, favicon). Visitors see the admin's.
import { ADMIN_ID, spaceOf, type Actor } from '../actor';
import { AssetModel, type AssetDoc, type AssetKind } from '../assets/asset.model';
import { deleteOwnedAssets } from '../assets/asset.service';
import { badRequest } from '../errors';
import { visitorPagesChanged } from '../visitor-pages';
import { cachedAppearances } from './appearance.cache';
import type { AppearanceInput } from './appearance.schema';
import { toThemeAppearance, type AppearancesDto } from './appearance.dto';
import {
  AppearanceModel,
  THEMES,
  appearanceAssetIds,
  type AppearanceDoc,
  type Theme,
} from './appearance.model';

/** An owner's appearances, defaults filled in (compat §2.11). */
export async function appearancesOf(ownerId: string): Promise<AppearancesDto> {
  const rows = await AppearanceModel.find({ ownerId }).lean<AppearanceDoc[]>();
  const by = new Map(rows.map((r) => [r.theme, r]));
  return {
    light: toThemeAppearance('light', by.get('light')),
    dark: toThemeAppearance('dark', by.get('dark')),
  };
}

/** The caller's appearances (visitors: the admin's). */
export function getAppearances(actor: Actor | null) {
  const ownerId = spaceOf(actor);
  // Read on every page (its look): remembered briefly (appearance.cache.ts); changes read `appearancesOf`.
  return cachedAppearances(ownerId, () => appearancesOf(ownerId));
}

/** The theme visitors see first: the admin's theme marked default, else light. */
export async function visitorDefaultTheme(): Promise<Theme> {
  const a = await appearancesOf(ADMIN_ID);
  return a.dark.isDefault && !a.light.isDefault ? 'dark' : 'light';
}

const KINDS_FOR: Record<string, AssetKind[]> = {
  desktopWallpaperAssetId: ['wallpaper'],
  mobileWallpaperAssetId: ['wallpaper'],
  logoAssetId: ['logo', 'wallpaper', 'icon'],
  lightLogoAssetId: ['logo', 'wallpaper', 'icon'],
  darkLogoAssetId: ['logo', 'wallpaper', 'icon'],
  faviconAssetId: ['favicon', 'icon'],
};

/** Every asset id of `input` must be a picture the owner uploaded, of a kind that fits the field. */
export async function assertOwnPictures(ownerId: string, input: Record<string, unknown>): Promise<void> {
  for (const [field, kinds] of Object.entries(KINDS_FOR)) {
    const id = input[field];
    if (typeof id !== 'string') continue;
    const row = await AssetModel.findById(id).lean<AssetDoc>();
    if (!row || row.ownerId !== ownerId || !kinds.includes(row.kind)) {
      throw badRequest(`${field}: not one of your uploaded pictures`);
    }
  }
}

/**
 * Saves both themes of the caller; pictures no longer used are deleted. Only the admin's `isDefault` counts
 * (it picks the visitors' theme; one theme at most).
 */
export async function saveAppearances(actor: Actor, input: AppearanceInput) {
  const ownerId = actor.userId;
  const before = await AppearanceModel.find({ ownerId }).lean<AppearanceDoc[]>();
  for (const theme of THEMES) await assertOwnPictures(ownerId, input[theme]);
  const isAdmin = actor.role === 'admin';
  const lightDefault = isAdmin && input.light.isDefault === true;
  const flags: Record<Theme, boolean> = {
    light: lightDefault,
    dark: isAdmin && input.dark.isDefault === true && !lightDefault,
  };
  const current = await appearancesOf(ownerId);
  for (const theme of THEMES) {
    const t = input[theme];
    const c = current[theme];
    const row: Omit<AppearanceDoc, '_id'> = {
      ownerId,
      theme,
      desktopWallpaperAssetId: t.desktopWallpaperAssetId,
      mobileWallpaperAssetId: t.mobileWallpaperAssetId,
      fontPreset: t.fontPreset,
      fontSize: t.fontSize,
      overlayOpacity: t.overlayOpacity,
      textColor: t.textColor,
      logoAssetId: t.logoAssetId !== undefined ? t.logoAssetId : c.logoAssetId,
      faviconAssetId: t.faviconAssetId !== undefined ? t.faviconAssetId : c.faviconAssetId,
      desktopCardFrosted: t.desktopCardFrosted ?? c.desktopCardFrosted,
      mobileCardFrosted: t.mobileCardFrosted ?? c.mobileCardFrosted,
      isDefault: flags[theme],
      updatedAt: new Date(),
    };
    await AppearanceModel.updateOne({ _id: `${ownerId}:${theme}` }, { $set: row }, { upsert: true });
  }
  visitorPagesChanged();
  const after = await appearancesOf(ownerId);
  const kept = new Set(THEMES.flatMap((t) => appearanceAssetIds(after[t])));
  const gone = before.flatMap((r) => appearanceAssetIds(r)).filter((id) => !kept.has(id));
  await deleteOwnedAssets(ownerId, [...new Set(gone)]);
  return after;
}
