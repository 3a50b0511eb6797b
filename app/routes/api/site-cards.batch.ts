import { importSiteCards } from '#server/bookmarks/bookmark-import.service';
import { BATCH_BODY_LIMIT, BatchImportSchema } from '#server/bookmarks/bookmark.schema';
import { apiRoute } from '~/lib/api.server';

// Bookmark import (compat §7): both field-name styles in, both id-list keys out.
const handle = apiRoute({
  POST: {
    auth: 'user',
    body: BatchImportSchema,
    bodyLimit: BATCH_BODY_LIMIT,
    run: ({ actor, body }) => importSiteCards(actor, body),
  },
});

export { handle as loader, handle as action };
