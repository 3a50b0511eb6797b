import { detectConfig } from '#server/portability/config-import';
import { detectUpload } from '#server/portability/user-data.service';
import { CONFIG_ZIP_LIMITS, SafeZip, looksLikeZip } from '#server/portability/zip-read';
import { readManifest } from '#server/portability/archive-format';
import { apiRoute } from '~/lib/api.server';
import { withUpload } from '~/lib/portability.server';

// What an uploaded file is (admin): a configuration archive (checked), a per-user archive, or something else.
const handle = apiRoute({
  POST: {
    auth: 'admin',
    readOnlyOk: true,
    run: ({ request }) =>
      withUpload(request, CONFIG_ZIP_LIMITS.maxUploadBytes, async (file) => {
        if (await looksLikeZip(file.path)) {
          const zip = await SafeZip.open(file.path, CONFIG_ZIP_LIMITS);
          let scope: unknown;
          try {
            scope = zip.has('manifest.json') ? (await readManifest(zip)).scope : undefined;
          } finally {
            zip.close();
          }
          if (scope === 'config') return detectConfig(file);
        }
        return detectUpload(file);
      }),
  },
});

export { handle as loader, handle as action };
