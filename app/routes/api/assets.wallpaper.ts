import { readMultipartFile } from '#server/assets/upload';
import { PICTURE_MAX_BYTES, finishPicture, uploadPicture } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';

const handle = apiRoute({
  POST: {
    auth: 'user',
    // `kind` may come in the query or as a form field before or after the file.
    run: async ({ request, actor }) => {
      const queryKind = new URL(request.url).searchParams.get('kind') ?? undefined;
      const { result, fields } = await readMultipartFile(
        request,
        { maxBytes: PICTURE_MAX_BYTES },
        (file, f) => uploadPicture(actor, file, queryKind ?? f.kind),
      );
      return finishPicture(actor, result, queryKind ? { ...fields, kind: queryKind } : fields);
    },
  },
});

export { handle as loader, handle as action };
