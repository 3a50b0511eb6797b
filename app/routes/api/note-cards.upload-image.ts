import { readMultipartFile } from '#server/assets/upload';
import { KIND_RULES } from '#server/assets/file-rules';
import { uploadNoteImage } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    run: async ({ request, actor }) =>
      (
        await readMultipartFile(request, { maxBytes: KIND_RULES['note-image'].maxBytes }, (file) =>
          uploadNoteImage(actor, file),
        )
      ).result,
  },
});

export { handle as loader, handle as action };
