import { readMultipartFile } from '#server/assets/upload';
import { BOOKMARK_FILE_MAX_BYTES, previewBookmarkItems } from '#server/bookmarks/bookmark-preview.service';
import { ImportPreviewQuerySchema } from '#server/bookmarks/bookmark.schema';
import { readBookmarkText } from '#server/bookmarks/bookmark-text';
import { apiRoute } from '~/lib/api.server';

// The bookmark page's preview for API clients: a bookmark file or another dashboard's configuration (multipart
// `file`) read into items for POST /api/site-cards/batch; nothing is written.
const handle = apiRoute({
  POST: {
    auth: 'user',
    readOnlyOk: true,
    query: ImportPreviewQuerySchema,
    run: async ({ actor, request, query }) =>
      (
        await readMultipartFile(request, { maxBytes: BOOKMARK_FILE_MAX_BYTES }, async (file) =>
          previewBookmarkItems(actor, await readBookmarkText(file.stream), file.filename ?? '', query),
        )
      ).result,
  },
});

export { handle as loader, handle as action };
