import { z } from 'zod';
import { assetUrl as fileUrl } from '../assets/asset.dto';
import type { Settings } from './settings.service';

const assetUrl = (id: string | null) => (id ? fileUrl(id) : null);

/** `****` + the last 4 characters; short keys are fully hidden. Secrets never leave the server in clear. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length <= 8 ? '****' : `****${value.slice(-4)}`;
}

const nullableText = z.string().nullable();

/** The older service's `AppSettings`, with the AI key masked. The schema is the type and the OpenAPI description's
 * source (docs/decisions.md §39). */
export const AppSettingsDtoSchema = z.strictObject({
  lightLogoAssetId: nullableText,
  lightLogoUrl: nullableText,
  darkLogoAssetId: nullableText,
  darkLogoUrl: nullableText,
  faviconAssetId: nullableText,
  faviconUrl: nullableText,
  siteName: z.string(),
  onlineCheckEnabled: z.boolean(),
  onlineCheckTime: z.number(),
  onlineStatusPublic: z.boolean().describe("visitors see the sites' online status (default true)"),
  onlineCheckLastRun: z.string().describe('ISO 8601 date-time').nullable(),
  socialTagDescription: nullableText,
  registrationEnabled: z.boolean(),
  aiApiKey: z.string().describe('masked: **** and the last 4 characters'),
  aiApiKeyMasked: z.boolean().describe('a key is set (aiApiKey shows only its end)'),
  aiBaseUrl: z.string(),
  aiModel: z.string(),
  outboundAllowPrivate: z.boolean(),
  outboundAllowList: z.array(z.string()),
  siteIconService: z
    .string()
    .describe('empty: icons fetched by this server; else a URL template with {domain}'),
  quotaCards: z.number(),
  quotaTags: z.number(),
  quotaBytes: z.number(),
});
export type AppSettingsDto = z.infer<typeof AppSettingsDtoSchema>;

export function toAppSettings(s: Settings): AppSettingsDto {
  return {
    lightLogoAssetId: s.lightLogoAssetId,
    lightLogoUrl: assetUrl(s.lightLogoAssetId),
    darkLogoAssetId: s.darkLogoAssetId,
    darkLogoUrl: assetUrl(s.darkLogoAssetId),
    faviconAssetId: s.faviconAssetId,
    faviconUrl: assetUrl(s.faviconAssetId),
    siteName: s.siteName,
    onlineCheckEnabled: s.onlineCheckEnabled,
    onlineCheckTime: s.onlineCheckTime,
    onlineStatusPublic: s.onlineStatusPublic,
    onlineCheckLastRun: s.onlineCheckLastRun ? s.onlineCheckLastRun.toISOString() : null,
    socialTagDescription: s.socialTagDescription,
    registrationEnabled: s.registrationEnabled,
    aiApiKey: maskSecret(s.aiApiKey),
    aiApiKeyMasked: Boolean(s.aiApiKey),
    aiBaseUrl: s.aiBaseUrl,
    aiModel: s.aiModel,
    outboundAllowPrivate: s.outboundAllowPrivate,
    outboundAllowList: s.outboundAllowList,
    siteIconService: s.siteIconService,
    quotaCards: s.quotaCards,
    quotaTags: s.quotaTags,
    quotaBytes: s.quotaBytes,
  };
}

/** Appearance of a theme when its owner has not customised it (compat §2.11). */
export function defaultAppearances() {
  const base = {
    desktopWallpaperAssetId: null,
    desktopWallpaperUrl: null,
    mobileWallpaperAssetId: null,
    mobileWallpaperUrl: null,
    logoAssetId: null,
    logoUrl: null,
    faviconAssetId: null,
    faviconUrl: null,
  };
  return {
    light: {
      theme: 'light' as const,
      ...base,
      fontPreset: 'balanced',
      fontSize: 16,
      overlayOpacity: 0.72,
      textColor: '#18212f',
      desktopCardFrosted: 100,
      mobileCardFrosted: 100,
      isDefault: false,
    },
    dark: {
      theme: 'dark' as const,
      ...base,
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
}
