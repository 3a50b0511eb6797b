// The admin's site settings (compat §1.8, §2.12) and the floating buttons (§2.13).
import { z } from 'zod';
import type { Actor } from '../actor';
import { assertOwnPictures } from '../appearance/appearance.service';
import { deleteOwnedAssets } from '../assets/asset.service';
import { badRequest, forbidden } from '../errors';
import { isAllowListEntry } from '../net/ip-policy';
import { addressChanged, secretRequired } from '../net/stored-secret';
import { toAppSettings, toFloatingButton, type AppSettingsDto, type FloatingButtonDto } from './settings.dto';
import type { FloatingButton } from './settings.model';
import { getSettings, saveSettings, type Settings } from './settings.service';

const assetId = z.string().max(80).nullable().optional();
/** Every key optional: what is left out stays as it is. */
export const AppSettingsInput = z.object({
  lightLogoAssetId: assetId,
  darkLogoAssetId: assetId,
  faviconAssetId: assetId,
  siteName: z.string().trim().min(1).max(30).optional(),
  onlineCheckEnabled: z.boolean().optional(),
  onlineCheckTime: z.number().int().min(0).max(23).optional(),
  onlineStatusPublic: z.boolean().optional(),
  socialTagDescription: z.string().max(100).nullable().optional(),
  registrationEnabled: z.boolean().optional(),
  aiApiKey: z.string().max(500).optional(),
  aiApiKeyMasked: z.boolean().optional(),
  aiBaseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  aiModel: z.string().trim().max(200).optional(),
  outboundAllowPrivate: z.boolean().optional(),
  outboundAllowList: z.array(z.string().trim().max(200)).max(200).optional(),
  siteIconService: z
    .union([
      z.literal(''),
      z
        .url({ protocol: /^https$/, error: 'siteIconService must be an https URL' })
        .max(500)
        .refine((v) => v.includes('%7Bdomain%7D') || v.includes('{domain}'), {
          message: 'siteIconService must contain {domain}',
        }),
    ])
    .optional(),
});
export type AppSettingsInput = z.infer<typeof AppSettingsInput>;

const LOGO_FIELDS = ['lightLogoAssetId', 'darkLogoAssetId', 'faviconAssetId'] as const;

/**
 * The settings to store for checked input (this form and a configuration archive): text trimmed, the icon service's
 * `{domain}` unescaped, no trailing slash on the AI address; a masked AI key coming back keeps the stored one; the
 * outbound allow-list holds host names, addresses and CIDRs only (else a 400).
 */
export function appSettingsPatch(input: AppSettingsInput): Partial<Settings> {
  const patch: Partial<Settings> = {};
  for (const [key, value] of Object.entries(input) as [keyof AppSettingsInput, unknown][]) {
    if (value === undefined || key === 'aiApiKeyMasked') continue;
    if (key === 'aiApiKey' && typeof value === 'string' && value.startsWith('****')) continue;
    (patch as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (patch.siteIconService)
    patch.siteIconService = patch.siteIconService.replaceAll('%7Bdomain%7D', '{domain}');
  if (patch.aiBaseUrl) patch.aiBaseUrl = patch.aiBaseUrl.replace(/\/+$/, '');
  if (patch.outboundAllowList) {
    const list = patch.outboundAllowList.filter(Boolean);
    const bad = list.find((e) => !isAllowListEntry(e));
    if (bad) throw badRequest(`outboundAllowList: "${bad}" is not a host name, address or CIDR`);
    patch.outboundAllowList = list;
  }
  return patch;
}

/** The settings as the admin sees them; the AI key is masked. */
export async function getAppSettings(actor: Actor): Promise<AppSettingsDto> {
  if (actor.role !== 'admin') throw forbidden();
  return toAppSettings(await getSettings());
}

/**
 * Changes the settings (admin). A masked AI key coming back (`****…`) keeps the stored one, but only at the base
 * URL it was saved with (400 `secret_required` otherwise); logos and favicon must be the admin's uploads, and the
 * ones replaced are deleted; the outbound allow-list holds host names, addresses and CIDRs only.
 */
export async function updateAppSettings(actor: Actor, input: AppSettingsInput): Promise<AppSettingsDto> {
  if (actor.role !== 'admin') throw forbidden();
  const before = await getSettings();
  const keyKept = input.aiApiKey === undefined || input.aiApiKey.startsWith('****');
  if (
    keyKept &&
    before.aiApiKey &&
    input.aiBaseUrl !== undefined &&
    addressChanged(before.aiBaseUrl, input.aiBaseUrl)
  ) {
    throw secretRequired('aiApiKey', 'aiBaseUrl');
  }
  await assertOwnPictures(actor.userId, input);
  const after = await saveSettings(appSettingsPatch(input));
  const gone = LOGO_FIELDS.map((f) => before[f]).filter(
    (id): id is string => Boolean(id) && !LOGO_FIELDS.some((f) => after[f] === id),
  );
  await deleteOwnedAssets(actor.userId, gone);
  return toAppSettings(after);
}

// The feedback link belongs to whoever runs the site: none until the admin sets one, and an empty link hides the
// button (the older service sent every site's visitors to its own issue tracker).
const FEEDBACK_URL = '';
/**
 * The built-in buttons. An empty label is the button's own name, which pages show in the reader's language
 * (settings.floating.names): a default is not stored in anyone's language.
 */
export const DEFAULT_FLOATING_BUTTONS: FloatingButton[] = [
  { id: 'scroll-top', label: '', enabled: true, editable: false },
  { id: 'quick-search', label: '', enabled: true, editable: false },
  { id: 'snapshot-history', label: '', enabled: true, editable: false },
  { id: 'feedback', label: '', enabled: true, editable: true, customData: { url: FEEDBACK_URL } },
];

/**
 * The built-in buttons' names as earlier versions stored them (the older service's Chinese ones, and the English
 * ones a saved form carried): such a label is the default name, so it is kept as '' and shown translated.
 */
const BUILTIN_NAMES: Record<string, string[]> = {
  'scroll-top': ['回到顶部', 'Back to top'],
  'quick-search': ['快速搜索', 'Quick search'],
  'snapshot-history': ['版本历史', 'Version history'],
  feedback: ['反馈问题', 'Report a problem'],
};

/** A button's label as stored: '' for its built-in name (in any language it was written in). */
function ownLabel(id: string, label: string): string {
  const v = label.trim();
  return BUILTIN_NAMES[id]?.includes(v) ? '' : v;
}

export const FloatingButtonsInput = z.object({
  buttons: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(40),
        /** Empty: the built-in name, shown in the reader's language. */
        label: z.string().trim().max(20).default(''),
        enabled: z.boolean(),
        editable: z.boolean().optional(),
        customData: z.record(z.string().max(40), z.string().max(500)).optional(),
      }),
    )
    .min(1)
    .max(20),
});

/** The saved buttons with every built-in one present: a missing fixed one is put back after quick-search. */
function mergeButtons(saved: FloatingButton[] | null): FloatingButton[] {
  if (!saved) return DEFAULT_FLOATING_BUTTONS.map((b) => ({ ...b }));
  const out = saved.map((b) => ({ ...b, label: ownLabel(b.id, b.label ?? '') }));
  let at = out.findIndex((b) => b.id === 'quick-search') + 1 || out.length;
  for (const d of DEFAULT_FLOATING_BUTTONS) {
    if (d.editable || out.some((b) => b.id === d.id)) continue;
    out.splice(at, 0, { ...d });
    at += 1;
  }
  return out;
}

export async function getFloatingButtons(): Promise<FloatingButtonDto[]> {
  return mergeButtons((await getSettings()).floatingButtons).map(toFloatingButton);
}

/**
 * Saves the floating buttons (one site-wide setting, so the admin's: compat lets any user change it, which in a
 * multi-user service would let one user change everybody's page). Only http(s) links are kept for the feedback URL.
 */
export async function saveFloatingButtons(
  actor: Actor,
  input: z.infer<typeof FloatingButtonsInput>,
): Promise<FloatingButtonDto[]> {
  if (actor.role !== 'admin') throw forbidden();
  await saveSettings({ floatingButtons: floatingButtonsValue(input.buttons) });
  return getFloatingButtons();
}

/**
 * The buttons to store for checked input (this form and a configuration archive): each id once, the built-in
 * buttons' `editable` kept, and only an http(s) feedback link (another one falls back to the built-in link).
 */
export function floatingButtonsValue(
  input: z.infer<typeof FloatingButtonsInput>['buttons'],
): FloatingButton[] {
  const known = new Map(DEFAULT_FLOATING_BUTTONS.map((b) => [b.id, b]));
  return input
    .filter((b, i, all) => all.findIndex((x) => x.id === b.id) === i)
    .map((b) => {
      const d = known.get(b.id);
      const button: FloatingButton = {
        id: b.id,
        label: ownLabel(b.id, b.label),
        enabled: b.enabled,
        editable: d?.editable ?? true,
      };
      const link = b.customData?.url;
      if (link !== undefined) {
        button.customData = { url: /^https?:\/\//i.test(link) ? link : (d?.customData?.url ?? '') };
      }
      return button;
    });
}
