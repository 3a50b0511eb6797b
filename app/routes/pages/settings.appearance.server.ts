// The /settings/appearance page's pieces: its picture slots, one theme changed at a time (the service saves the
// pair), and the types of the chosen pictures (a wallpaper may be a video).
import type { Actor } from '#server/actor';
import { THEMES, type Theme } from '#server/appearance/appearance.model';
import { AppearanceInput } from '#server/appearance/appearance.schema';
import type { ThemeAppearanceDto } from '#server/appearance/appearance.dto';
import { appearancesOf, saveAppearances } from '#server/appearance/appearance.service';
import { AssetModel } from '#server/assets/asset.model';
import { AppError } from '#server/errors';

/** Where a wallpaper goes: a slot of a theme. */
export const APPEARANCE_SLOTS = {
  desktop: { field: 'desktopWallpaperAssetId', kind: 'wallpaper' },
  mobile: { field: 'mobileWallpaperAssetId', kind: 'wallpaper' },
} as const;
export type AppearanceSlot = keyof typeof APPEARANCE_SLOTS;

export function themeOf(value: unknown): Theme {
  return (THEMES as readonly string[]).includes(String(value)) ? (value as Theme) : 'light';
}

/** The form's view of one theme, as AppearanceInput wants it. */
function inputOf(a: ThemeAppearanceDto) {
  return {
    desktopWallpaperAssetId: a.desktopWallpaperAssetId,
    mobileWallpaperAssetId: a.mobileWallpaperAssetId,
    fontPreset: a.fontPreset as AppearanceInput['light']['fontPreset'],
    fontSize: a.fontSize,
    overlayOpacity: a.overlayOpacity,
    textColor: a.textColor,
    desktopCardFrosted: a.desktopCardFrosted,
    mobileCardFrosted: a.mobileCardFrosted,
    isDefault: a.isDefault,
  };
}

/**
 * Changes one theme of the caller's appearance and saves both (the service takes the pair, as PUT
 * /api/appearance does); validation is the API's own schema.
 */
export async function patchTheme(
  actor: Actor,
  theme: Theme,
  patch: Partial<AppearanceInput['light']>,
  otherDefault?: boolean,
) {
  const current = await appearancesOf(actor.userId);
  const both = { light: inputOf(current.light), dark: inputOf(current.dark) };
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  both[theme] = { ...both[theme], ...given };
  if (patch.isDefault !== undefined && otherDefault !== undefined) {
    const other: Theme = theme === 'light' ? 'dark' : 'light';
    both[other] = { ...both[other], isDefault: otherDefault };
  }
  const parsed = AppearanceInput.safeParse(both);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('validation_failed', `${issue?.path.slice(1).join('.')}: ${issue?.message}`);
  }
  return saveAppearances(actor, parsed.data);
}

/** mime types of the given assets (a wallpaper may be a video). */
export async function typesOf(ids: string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const rows = await AssetModel.find({ _id: { $in: ids } })
    .select({ mimeType: 1 })
    .lean<{ _id: string; mimeType: string }[]>();
  return Object.fromEntries(rows.map((r) => [r._id, r.mimeType]));
}
