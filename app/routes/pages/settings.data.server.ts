// The data page's posts (its export form posts to the API's export endpoint): upload (checked and kept, answered with what it holds), the
// confirmed import, reset and clear. Every post carries the CSRF token; the upload's is read before the file.
import { data } from 'react-router';
import type { Actor } from '#server/actor';
import { CSRF_FIELD, csrfTokenMatches, sameOriginRequest } from '#server/auth/csrf';
import { badRequest, isAppError } from '#server/errors';
import { confirmImport, stageImport } from '#server/portability/pending-import';
import { clearUserData, parseMode, resetUserData } from '#server/portability/user-data.service';
import { USER_ZIP_LIMITS } from '#server/portability/zip-read';
import { redirectWithFlash } from '~/lib/flash.server';
import { isConfirmed, pageErrorMessage, readForm, refusalCode } from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';
import { withUpload } from '~/lib/portability.server';

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

async function form({ request, actor, locale }: Ctx) {
  const f = await readForm(request);
  const intent = String(f.get('intent') ?? '');
  if (!isConfirmed(f)) throw badRequest('Tick the box to confirm');
  if (intent === 'import') {
    const counts = await confirmImport(
      actor,
      String(f.get('token') ?? ''),
      parseMode(String(f.get('mode') ?? '')),
    );
    return redirectWithFlash(request, '/settings/data', {
      kind: 'success',
      key: 'data.imported',
      values: { cards: counts.cards + counts.updated, tags: counts.tags },
    });
  }
  if (intent === 'reset') {
    await resetUserData(actor, locale);
    return redirectWithFlash(request, '/settings/data', { kind: 'success', key: 'data.resetDone' });
  }
  if (intent === 'clear') {
    await clearUserData(actor);
    return redirectWithFlash(request, '/settings/data', { kind: 'success', key: 'data.cleared' });
  }
  throw badRequest('Unknown action');
}

export async function dataPageAction(ctx: Ctx) {
  const multipart = /^multipart\/form-data/i.test(ctx.request.headers.get('content-type') ?? '');
  try {
    return multipart ? await upload(ctx) : await form(ctx);
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: pageErrorMessage(err, ctx.locale) }, { status: err.status });
  }
}
