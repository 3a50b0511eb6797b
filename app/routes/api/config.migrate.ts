import { migrateInstance } from '#server/portability/instance-migrate';
import { parseMode } from '#server/portability/user-data.service';
import { CONFIG_ZIP_LIMITS } from '#server/portability/zip-read';
import { apiRoute } from '~/lib/api.server';
import { withProgress, withUpload } from '~/lib/portability.server';

// Migrates a SakuraNav 1.x instance archive (admin): multipart `file`, `dryRun` (true: the plan only, nothing
// changes), `mode` for the administrator's own space = incremental (default) | overwrite | clean (docs/api.md).
const handle = apiRoute({
  POST: {
    auth: 'admin',
    run: ({ request, actor }) =>
      withUpload(request, CONFIG_ZIP_LIMITS.maxUploadBytes, (file, fields) => {
        const query = new URL(request.url).searchParams;
        const mode = parseMode(fields.mode ?? query.get('mode') ?? 'incremental');
        const dry = fields.dryRun ?? query.get('dryRun');
        const dryRun = dry === 'true' || dry === '1' || dry === 'on';
        return withProgress(
          request,
          actor,
          'config-migrate',
          (p) => migrateInstance(actor, file, { mode, dryRun }, p),
          fields,
        );
      }),
  },
});

export { handle as loader, handle as action };
