// The data page's posts (its export form posts to the API's export endpoint): upload (checked and kept, answered
// with what it holds), the confirmed import, reset and clear. Every post carries the CSRF token; the upload's is read before the file.
import { data } from 'react-router';
import { z } from 'zod';
import type { Actor } from '#server/actor';
import { CSRF_FIELD, csrfTokenMatches, sameOriginRequest } from '#server/auth/csrf';
import { isAppError } from '#server/errors';
import { confirmImport, stageImport } from '#server/portability/pending-import';
import { IMPORT_MODES } from '#server/portability/import-plan';
import { clearUserData, parseMode, resetUserData } from '#server/portability/user-data.service';
import { USER_ZIP_LIMITS } from '#server/portability/zip-read';
import { redirectWithFlash } from '~/lib/flash.server';
import { isMultipart, pageErrorMessage, readForm, refusalCode, submitForm } from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';
import { withUpload } from '~/lib/portability.server';

const DATA_PATH = '/settings/data';

type Ctx = { request: Request; actor: Actor; locale: Locale };

async function upload({ request, actor }: Ctx) {
  return withUpload(
    request,
    USER_ZIP_LIMITS.maxUploadBytes,
    async (file, fields) => {
      const mode = parseMode(fields.mode);
      const staged = await stageImport(actor, file);
      return { staged: { ...staged, mode } };
    },
    (fields) => {
      if (!sameOriginRequest(request) || !csrfTokenMatches(request, fields[CSRF_FIELD])) {
        throw data({ code: refusalCode(request) }, { status: 403 });
      }
    },
  );
}

/** The tick every irreversible form of the page carries. */
const confirmField = z.literal('on', { error: 'Tick the box to confirm' });
const DangerFormSchema = z.object({ confirm: confirmField });
/** The confirmed import of a checked upload: its token, the mode chosen (clean when none). */
const ImportFormSchema = z.object({
  token: z.string().trim().min(1).max(200),
  mode: z.enum(IMPORT_MODES).default('clean'),
  confirm: confirmField,
});

/** The confirmed import, reset and clear, on the form pipeline: their replies come back tagged with the intent. */
async function form({ request, actor, locale }: Ctx) {
  const f = await readForm(request);
  const intent = String(f.get('intent') ?? '');
  switch (intent) {
    case 'import':
      return submitForm(f, { schema: ImportFormSchema, locale, intent }, async (value) => {
        const counts = await confirmImport(actor, value.token, value.mode);
        return redirectWithFlash(request, DATA_PATH, {
          kind: 'success',
          key: 'data.imported',
          values: { cards: counts.cards + counts.updated, tags: counts.tags },
        });
      });
    case 'reset':
      return submitForm(f, { schema: DangerFormSchema, locale, intent }, async () => {
        await resetUserData(actor, locale);
        return redirectWithFlash(request, DATA_PATH, { kind: 'success', key: 'data.resetDone' });
      });
    case 'clear':
      return submitForm(f, { schema: DangerFormSchema, locale, intent }, async () => {
        await clearUserData(actor);
        return redirectWithFlash(request, DATA_PATH, { kind: 'success', key: 'data.cleared' });
      });
    default:
      throw data({ code: 'bad_request' }, { status: 400 });
  }
}

/**
 * The upload (multipart) stays off the form pipeline: its file is streamed to a temporary file and checked, and
 * the page answers `{staged}` (what the archive holds) or `{error}`; there are no fields of its own to reply to.
 */
export async function dataPageAction(ctx: Ctx) {
  if (!isMultipart(ctx.request)) return form(ctx);
  try {
    return await upload(ctx);
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: pageErrorMessage(err, ctx.locale) }, { status: err.status });
  }
}
