import { importConfig } from '#server/portability/config-import';
import { parseMode } from '#server/portability/user-data.service';
import { CONFIG_ZIP_LIMITS } from '#server/portability/zip-read';
import { apiRoute } from '~/lib/api.server';
import { withProgress, withUpload } from '~/lib/portability.server';

// Imports a configuration archive (admin): multipart `file`, `mode` = clean (default) | incremental | overwrite.
const handle = apiRoute({
  POST: {
    auth: 'admin',
    run: ({ request, actor }) =>
      withUpload(request, CONFIG_ZIP_LIMITS.maxUploadBytes, (file, fields) => {
        const mode = parseMode(fields.mode ?? new URL(request.url).searchParams.get('mode'));
        return withProgress(
          request,
          actor,
          'config-import',
          (p) => importConfig(actor, file, mode, p),
          fields,
        );
      }),
  },
});

export { handle as loader, handle as action };
