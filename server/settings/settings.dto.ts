import { z } from 'zod';
import { assetUrl as fileUrl } from '../assets/asset.dto';
import type { FloatingButton } from './settings.model';
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

/** One floating button (compat §2.13): the built-in ones merged with the saved ones. */
export const FloatingButtonDtoSchema = z.strictObject({
  id: z.string(),
  label: z
    .string()
    .describe("empty for a built-in button's own name, which pages show in the reader's language"),
  enabled: z.boolean(),
  editable: z.boolean(),
  customData: z.record(z.string(), z.string()).optional().describe('the feedback button: {url}'),
});
export type FloatingButtonDto = z.infer<typeof FloatingButtonDtoSchema>;

export function toFloatingButton(b: FloatingButton): FloatingButtonDto {
  const out: FloatingButtonDto = { id: b.id, label: b.label, enabled: b.enabled, editable: b.editable };
  if (b.customData) out.customData = b.customData;
  return out;
}
