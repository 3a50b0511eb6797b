import { readMultipartFile } from '#server/assets/upload';
import { KIND_RULES } from '#server/assets/file-rules';
import { uploadNoteFile } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ request, actor }) =>
      (
        await readMultipartFile(request, { maxBytes: KIND_RULES['note-file'].maxBytes }, (file) =>
          uploadNoteFile(actor, file),
        )
      ).result,
  },
});

export { handle as loader, handle as action };
