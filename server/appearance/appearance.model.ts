import { Schema } from 'mongoose';
import { defineModel } from '../db';

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

const AppearanceSchema = new Schema<AppearanceDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true, index: true },
    theme: { type: String, enum: THEMES, required: true },
    desktopWallpaperAssetId: { type: String, default: null },
    mobileWallpaperAssetId: { type: String, default: null },
    fontPreset: { type: String, enum: FONT_PRESETS, required: true },
    fontSize: { type: Number, required: true },
    overlayOpacity: { type: Number, required: true },
    textColor: { type: String, required: true },
    logoAssetId: { type: String, default: null },
    faviconAssetId: { type: String, default: null },
    desktopCardFrosted: { type: Number, required: true },
    mobileCardFrosted: { type: Number, required: true },
    isDefault: { type: Boolean, default: false },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

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
