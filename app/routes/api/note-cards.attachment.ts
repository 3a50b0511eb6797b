import { z } from 'zod';
import { KIND_RULES } from '#server/assets/file-rules';
import { readMultipartFile } from '#server/assets/upload';
import {
  deleteAttachment,
  finishAttachment,
  listAttachments,
  renameAttachment,
  uploadAttachment,
} from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';

const Rename = z.object({ id: z.string().max(80), filename: z.string().trim().min(1).max(255) });
const rename = {
  auth: 'user' as const,
  body: Rename,
  run: ({ actor, body }: { actor: Parameters<typeof renameAttachment>[0]; body: z.infer<typeof Rename> }) =>
    renameAttachment(actor, body.id, body.filename),
};

const handle = apiRoute({
  GET: {
    auth: 'user',
    query: z.object({ noteId: z.string().max(80).optional() }),
    run: ({ actor, query }) => listAttachments(actor, query.noteId ?? ''),
  },
  POST: {
    auth: 'user',
    run: async ({ request, actor }) => {
      const { result, fields } = await readMultipartFile(
        request,
        { maxBytes: KIND_RULES['note-attachment'].maxBytes },
        (file, before) => uploadAttachment(actor, file, before),
      );
      return finishAttachment(actor, result, fields);
    },
  },
  PUT: rename,
  PATCH: rename,
  DELETE: {
    auth: 'user',
    query: z.object({ id: z.string().max(80) }),
    run: ({ actor, query }) => deleteAttachment(actor, query.id),
  },
});

export { handle as loader, handle as action };
