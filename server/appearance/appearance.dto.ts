import { z } from 'zod';
import { assetUrl } from '../assets/asset.dto';
import { FONT_PRESETS, THEMES, type Theme } from './appearance.shared';
import type { AppearanceDoc } from './appearance.model';

const nullableText = z.string().nullable();

/** One theme's look as its owner (or, for visitors, the admin) sees it (compat §2.11). The schema is the type and the
 * OpenAPI description's source (docs/decisions.md §39). */
export const ThemeAppearanceDtoSchema = z.strictObject({
  theme: z.enum(THEMES),
  desktopWallpaperAssetId: nullableText,
  desktopWallpaperUrl: nullableText,
  mobileWallpaperAssetId: nullableText,
  mobileWallpaperUrl: nullableText,
  logoAssetId: nullableText,
  logoUrl: nullableText,
  faviconAssetId: nullableText,
  faviconUrl: nullableText,
  fontPreset: z.enum(FONT_PRESETS),
  fontSize: z.number(),
  overlayOpacity: z.number(),
  textColor: z.string().describe('#rrggbb'),
  desktopCardFrosted: z.number().describe('0 to 100'),
  mobileCardFrosted: z.number().describe('0 to 100'),
  isDefault: z.boolean().describe("the theme visitors see first (only the administrator's counts)"),
});
export type ThemeAppearanceDto = z.infer<typeof ThemeAppearanceDtoSchema>;

export const AppearancesDtoSchema = z.strictObject({
  light: ThemeAppearanceDtoSchema,
  dark: ThemeAppearanceDtoSchema,
});
export type AppearancesDto = z.infer<typeof AppearancesDtoSchema>;

type Look = Omit<AppearanceDoc, '_id' | 'ownerId' | 'theme' | 'updatedAt'>;

const NO_PICTURES = {
  desktopWallpaperAssetId: null,
  mobileWallpaperAssetId: null,
  logoAssetId: null,
  faviconAssetId: null,
};

/** A theme's look when its owner has not customised it (compat §2.11). */
const DEFAULT_LOOK: Record<Theme, Look> = {
  light: {
    ...NO_PICTURES,
    fontPreset: 'balanced',
    fontSize: 16,
    overlayOpacity: 0.72,
    textColor: '#18212f',
    desktopCardFrosted: 100,
    mobileCardFrosted: 100,
    isDefault: false,
  },
  dark: {
    ...NO_PICTURES,
    // The same typeface as light (compat §2.11's default was grotesk: switching theme changed the font).
    fontPreset: 'balanced',
    fontSize: 16,
    overlayOpacity: 0.62,
    textColor: '#f3f6ff',
    desktopCardFrosted: 0,
    mobileCardFrosted: 0,
    isDefault: true,
  },
};

const url = (id: string | null) => (id ? assetUrl(id) : null);

/** A theme's stored look (none: the theme's default) as the API answers it. */
export function toThemeAppearance(theme: Theme, row: Look | undefined): ThemeAppearanceDto {
  const r = row ?? DEFAULT_LOOK[theme];
  return {
    theme,
    desktopWallpaperAssetId: r.desktopWallpaperAssetId,
    desktopWallpaperUrl: url(r.desktopWallpaperAssetId),
    mobileWallpaperAssetId: r.mobileWallpaperAssetId,
    mobileWallpaperUrl: url(r.mobileWallpaperAssetId),
    logoAssetId: r.logoAssetId,
    logoUrl: url(r.logoAssetId),
    faviconAssetId: r.faviconAssetId,
    faviconUrl: url(r.faviconAssetId),
    fontPreset: r.fontPreset,
    fontSize: r.fontSize,
    overlayOpacity: r.overlayOpacity,
    textColor: r.textColor,
    desktopCardFrosted: r.desktopCardFrosted,
    mobileCardFrosted: r.mobileCardFrosted,
    isDefault: r.isDefault,
  };
}

/** Both themes' looks when their owner has not customised them. */
export function defaultAppearances(): AppearancesDto {
  return { light: toThemeAppearance('light', undefined), dark: toThemeAppearance('dark', undefined) };
}
