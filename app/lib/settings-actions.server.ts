// The settings pages' form posts (/settings/appearance, /settings/site): thin adapters around the services the
// /api routes use. Pictures arrive either as a plain multipart form (no JavaScript: the file is stored and set in
// one post) or, with JavaScript, already uploaded through POST /api/assets/wallpaper (with progress) and named
// here by `assetId`; both end in the same saveAppearances / updateAppSettings call.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { THEMES, type Theme } from '#server/appearance/appearance.model';
import { AppearanceInput } from '#server/appearance/appearance.schema';
import { appearancesOf, saveAppearances, type ThemeAppearance } from '#server/appearance/appearance.service';
import { AssetModel } from '#server/assets/asset.model';
import { PICTURE_MAX_BYTES, finishPicture, uploadPicture } from '#server/assets/upload.service';
import { AppError, isAppError } from '#server/errors';
import { redirectWithFlash } from './flash.server';
import { pageErrorMessage, readFormUpload } from './forms.server';
import type { Locale } from './i18n';

/** Where a picture goes: an appearance slot of a theme, or a site setting. */
export const APPEARANCE_SLOTS = {
  desktop: { field: 'desktopWallpaperAssetId', kind: 'wallpaper' },
  mobile: { field: 'mobileWallpaperAssetId', kind: 'wallpaper' },
} as const;
export const SITE_SLOTS = {
  lightLogo: { field: 'lightLogoAssetId', kind: 'logo' },
  darkLogo: { field: 'darkLogoAssetId', kind: 'logo' },
  favicon: { field: 'faviconAssetId', kind: 'favicon' },
} as const;
export type AppearanceSlot = keyof typeof APPEARANCE_SLOTS;
export type SiteSlot = keyof typeof SITE_SLOTS;

export interface UploadFailure {
  intent: 'upload';
  slot: string;
  theme?: string;
  error: string;
}

/**
 * A picture chosen from the ones already uploaded (`picture-set`, naming `assetId`) or taken away
 * (`picture-remove`): `apply` stores it in the slot's field, then back to `to` with a toast.
 */
export async function choosePicture<S extends string>(
  request: Request,
  form: FormData,
  slots: Record<S, { field: string }>,
  apply: (patch: Record<string, string | null>) => Promise<unknown>,
  to: string,
) {
  const slot = String(form.get('slot') ?? '');
  if (!(slot in slots)) throw data({ code: 'bad_request' }, { status: 400 });
  const set = form.get('intent') === 'picture-set';
  await apply({ [slots[slot as S].field]: set ? String(form.get('assetId') ?? '') || null : null });
  return redirectWithFlash(request, to, {
    kind: 'success',
    key: set ? 'settings.flash.uploaded' : 'settings.flash.removed',
  });
}

export function themeOf(value: unknown): Theme {
  return (THEMES as readonly string[]).includes(String(value)) ? (value as Theme) : 'light';
}

/**
 * A picture posted as a plain multipart form: the CSRF token and the slot come before the file (the form puts its
 * hidden fields first), so a forged post is refused before anything is stored. `slotOf` names the kind of picture
 * from those fields; `apply` sets the stored picture. Service refusals come back as action data (status kept).
 */
export async function uploadFromForm<S extends string>(
  request: Request,
  actor: Actor,
  locale: Locale,
  slotOf: (fields: Record<string, string>) => { slot: S; kind: string } | null,
  apply: (slot: S, assetId: string, fields: Record<string, string>) => Promise<unknown>,
) {
  let slot = '';
  let theme: string | undefined;
  try {
    await readFormUpload(
      request,
      {
        maxBytes: PICTURE_MAX_BYTES,
        beforeFile: (fields) => {
          if (!slotOf(fields)) throw new AppError('validation_failed', 'Unknown picture slot');
        },
      },
      async (file, fields) => {
        const target = slotOf(fields)!;
        slot = target.slot;
        theme = fields.theme;
        const asset = await uploadPicture(actor, file, target.kind);
        const stored = await finishPicture(actor, asset, { kind: target.kind });
        await apply(target.slot, stored.id, fields);
      },
    );
  } catch (err) {
    if (!isAppError(err)) throw err;
    const failure: UploadFailure = { intent: 'upload', slot, theme, error: pageErrorMessage(err, locale) };
    return data(failure, { status: err.status, headers: err.headers });
  }
  return null;
}

/** The form's view of one theme, as AppearanceInput wants it. */
function inputOf(a: ThemeAppearance) {
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

/** A number field of a form, or undefined when blank or not a number. */
export function numberField(form: FormData, name: string): number | undefined {
  const raw = String(form.get(name) ?? '').trim();
  if (!raw) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** mime types of the given assets (a wallpaper may be a video). */
export async function typesOf(ids: string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const rows = await AssetModel.find({ _id: { $in: ids } })
    .select({ mimeType: 1 })
    .lean<{ _id: string; mimeType: string }[]>();
  return Object.fromEntries(rows.map((r) => [r._id, r.mimeType]));
}
