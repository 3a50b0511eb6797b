import { Schema } from 'mongoose';
import { defineModel } from '../db';

/** Instance-wide settings: a single document with `_id: "global"`. */
export interface SettingsDoc {
  _id: string;
  siteName: string;
  registrationEnabled: boolean;
  socialTagDescription: string | null;
  /** Position of the virtual tags (social, note) among the tags, keyed by virtual id. */
  virtualTagOrder: Record<string, number>;
  lightLogoAssetId: string | null;
  darkLogoAssetId: string | null;
  faviconAssetId: string | null;
  onlineCheckEnabled: boolean;
  onlineCheckTime: number;
  onlineCheckLastRun: Date | null;
  aiApiKey: string;
  aiBaseUrl: string;
  aiModel: string;
  updatedAt: Date;
}

export const SETTINGS_ID = 'global';

export const SETTINGS_DEFAULTS: Omit<SettingsDoc, '_id' | 'updatedAt'> = {
  siteName: 'SakuraNav',
  registrationEnabled: true,
  socialTagDescription: null,
  virtualTagOrder: {},
  lightLogoAssetId: null,
  darkLogoAssetId: null,
  faviconAssetId: null,
  onlineCheckEnabled: true,
  onlineCheckTime: 4,
  onlineCheckLastRun: null,
  aiApiKey: '',
  aiBaseUrl: '',
  aiModel: '',
};

const SettingsSchema = new Schema<SettingsDoc>(
  {
    _id: { type: String, required: true },
    siteName: String,
    registrationEnabled: Boolean,
    socialTagDescription: { type: String, default: null },
    virtualTagOrder: { type: Schema.Types.Mixed, default: {} },
    lightLogoAssetId: { type: String, default: null },
    darkLogoAssetId: { type: String, default: null },
    faviconAssetId: { type: String, default: null },
    onlineCheckEnabled: Boolean,
    onlineCheckTime: Number,
    onlineCheckLastRun: { type: Date, default: null },
    aiApiKey: String,
    aiBaseUrl: String,
    aiModel: String,
  },
  { timestamps: { createdAt: false, updatedAt: true }, versionKey: false, minimize: false },
);

export const SettingsModel = defineModel<SettingsDoc>('Settings', SettingsSchema);
