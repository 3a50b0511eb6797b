// The settings pages' picture slots (wallpapers on /settings/appearance, logos and favicon on /settings/site).
// Pictures arrive either as a plain multipart form (no JavaScript: the file is stored and set in one post) or, with
// JavaScript, already uploaded through POST /api/assets/wallpaper (with progress) and named by `assetId`; both end
// in the page's own service call.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { PICTURE_MAX_BYTES, finishPicture, uploadPicture } from '#server/assets/upload.service';
import { AppError, isAppError } from '#server/errors';
import { redirectWithFlash } from './flash.server';
import { pageErrorMessage, readFormUpload } from './forms.server';
import type { Locale } from './i18n';

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
