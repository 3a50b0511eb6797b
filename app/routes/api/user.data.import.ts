import { USER_ZIP_LIMITS } from '#server/portability/zip-read';
import { dataAnswer, importUserData, parseMode } from '#server/portability/user-data.service';
import { apiRoute } from '~/lib/api.server';
import { withProgress, withUpload } from '~/lib/portability.server';

// Imports a data ZIP into the caller's space: multipart `file`, `mode` = clean (default) | incremental | overwrite.
const handle = apiRoute({
  POST: {
    auth: 'user',
    run: ({ request, actor }) =>
      withUpload(request, USER_ZIP_LIMITS.maxUploadBytes, async (file, fields) => {
        const mode = parseMode(fields.mode ?? new URL(request.url).searchParams.get('mode'));
        const counts = await withProgress(
          request,
          actor,
          'user-import',
          (progress) => importUserData(actor, file, mode, progress),
          fields,
        );
        return dataAnswer(actor, { mode, imported: counts });
      }),
  },
});

export { handle as loader, handle as action };
