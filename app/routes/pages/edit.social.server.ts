// The post of the social card editor (new and edit). Types that show a QR code send the form as multipart, so a
// picture can be chosen with the other fields, without JavaScript too: it is stored first (the upload service of
// the other pictures) and its address becomes `payload.qrCodeUrl`, so the rest is the form's usual path.
import type { Actor } from '#server/actor';
import { KIND_RULES } from '#server/assets/file-rules';
import { uploadQrCode } from '#server/assets/upload.service';
import { isAppError } from '#server/errors';
import {
  isMultipart,
  pageErrorMessage,
  readForm,
  readFormWithFile,
  type FormErrors,
} from '~/lib/forms.server';
import { QR_FILE_FIELD } from '~/lib/editor-schemas';
import type { Locale } from '~/lib/i18n';

/**
 * The posted form, with the address of a QR picture chosen in it; `refused` puts why a chosen picture was refused
 * on the QR field (the form comes back with it and every value kept).
 */
export async function readSocialForm(
  request: Request,
  actor: Actor,
  locale: Locale,
): Promise<{ formData: FormData; refused: FormErrors | null }> {
  if (!isMultipart(request)) return { formData: await readForm(request), refused: null };
  try {
    const { formData, stored } = await readFormWithFile(
      request,
      { field: QR_FILE_FIELD, maxBytes: KIND_RULES.icon.maxBytes },
      async (file) => {
        try {
          return { url: (await uploadQrCode(actor, file)).url, error: null };
        } catch (err) {
          if (!isAppError(err)) throw err;
          // The other fields follow the file: read on, so the form keeps them.
          file.stream.resume();
          return { url: null, error: pageErrorMessage(err, locale) };
        }
      },
    );
    if (stored?.url) formData.set('payload.qrCodeUrl', stored.url);
    return { formData, refused: qrRefused(stored?.error ?? null) };
  } catch (err) {
    // Refused before the fields could be read (a body declared too large): the form comes back empty.
    if (!isAppError(err)) throw err;
    return { formData: new FormData(), refused: qrRefused(pageErrorMessage(err, locale)) };
  }
}

const qrRefused = (error: string | null): FormErrors | null =>
  error ? { fieldErrors: { 'payload.qrCodeUrl': [error] } } : null;
