import { USER_ZIP_LIMITS } from '#server/portability/zip-read';
import { detectUpload } from '#server/portability/user-data.service';
import { apiRoute } from '~/lib/api.server';
import { withUpload } from '~/lib/portability.server';

// What an uploaded file is: `{type:"sakuranav", ...}` for our archives (checked), else `{type:"external", content}`.
const handle = apiRoute({
  POST: {
    auth: 'user',
    readOnlyOk: true,
    run: ({ request }) => withUpload(request, USER_ZIP_LIMITS.maxUploadBytes, (file) => detectUpload(file)),
  },
});

export { handle as loader, handle as action };
