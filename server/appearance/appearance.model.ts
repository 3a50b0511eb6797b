import { defineModel } from '../db';
import { docSchema, defaults, forgetOnWrites, nullable, required } from '../db-schema';
import { forgetAppearances } from './appearance.cache';

import { FONT_PRESETS, THEMES, type Theme } from './appearance.shared';

export { FONT_PRESETS, THEMES, type Theme };

/** One owner's look for one theme (compat §2.11); `_id` is `<ownerId>:<theme>`. */
export interface AppearanceDoc {
  _id: string;
  ownerId: string;
  theme: Theme;
  desktopWallpaperAssetId: string | null;
  mobileWallpaperAssetId: string | null;
  fontPreset: (typeof FONT_PRESETS)[number];
  fontSize: number;
  overlayOpacity: number;
  textColor: string;
  logoAssetId: string | null;
  faviconAssetId: string | null;
  desktopCardFrosted: number;
  mobileCardFrosted: number;
  /** Only the admin's rows: the theme visitors see first. */
  isDefault: boolean;
  updatedAt: Date;
}

const AppearanceSchema = docSchema<AppearanceDoc>({
  ownerId: { type: String, required: true, index: true },
  theme: { type: String, enum: THEMES, required: true },
  ...nullable({ desktopWallpaperAssetId: String, mobileWallpaperAssetId: String }),
  fontPreset: { type: String, enum: FONT_PRESETS, required: true },
  ...required({ fontSize: Number, overlayOpacity: Number, textColor: String }),
  ...nullable({ logoAssetId: String, faviconAssetId: String }),
  ...required({ desktopCardFrosted: Number, mobileCardFrosted: Number }),
  ...defaults({ isDefault: false }),
  ...required({ updatedAt: Date }),
});

forgetOnWrites(AppearanceSchema, forgetAppearances);

export const AppearanceModel = defineModel<AppearanceDoc>('Appearance', AppearanceSchema);

/** The asset ids an appearance row shows. */
export function appearanceAssetIds(
  a: Partial<
    Pick<
      AppearanceDoc,
      'desktopWallpaperAssetId' | 'mobileWallpaperAssetId' | 'logoAssetId' | 'faviconAssetId'
    >
  >,
): string[] {
  return [a.desktopWallpaperAssetId, a.mobileWallpaperAssetId, a.logoAssetId, a.faviconAssetId].filter(
    (x): x is string => Boolean(x),
  );
}
