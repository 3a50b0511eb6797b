// The input shape of a theme's look (PUT /api/appearance, the appearance page, and the rows of a data archive).
import { z } from 'zod';
import { FONT_PRESETS } from './appearance.shared';

const assetId = z.string().max(80).nullable();

/** One theme: wallpapers and pictures by asset id, font, sizes and the text colour (stored in lower case). */
export const ThemeAppearanceSchema = z.object({
  desktopWallpaperAssetId: assetId,
  mobileWallpaperAssetId: assetId,
  fontPreset: z.enum(FONT_PRESETS),
  fontSize: z.number().int().min(12).max(24),
  overlayOpacity: z.number().min(0).max(1),
  textColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be #RRGGBB')
    .transform((v) => v.toLowerCase()),
  logoAssetId: assetId.optional(),
  faviconAssetId: assetId.optional(),
  desktopCardFrosted: z.number().min(0).max(100).optional(),
  mobileCardFrosted: z.number().min(0).max(100).optional(),
  isDefault: z.boolean().optional(),
});
export type ThemeAppearanceInput = z.infer<typeof ThemeAppearanceSchema>;

export const AppearanceInput = z.object({ light: ThemeAppearanceSchema, dark: ThemeAppearanceSchema });
export type AppearanceInput = z.infer<typeof AppearanceInput>;
