import { z } from 'zod';
import * as assetFile from '~/routes/api/assets.$assetId.file';
import * as cleanup from '~/routes/api/assets.cleanup';
import * as wallpaper from '~/routes/api/assets.wallpaper';
import * as attachment from '~/routes/api/note-cards.attachment';
import * as noteFile from '~/routes/api/note-cards.file.$fileId';
import * as noteImage from '~/routes/api/note-cards.img.$imageId';
import * as uploadFile from '~/routes/api/note-cards.upload-file';
import * as uploadImage from '~/routes/api/note-cards.upload-image';
import { describeArea, describeRoute } from '../describe';
import { ATTACHMENT } from '../examples';
import { NoteAttachmentDtoSchema } from '#server/assets/asset.dto';
import { Ok, itemOf, itemsOf } from '../shapes';

const FILE = {
  type: 'application/octet-stream',
  description: 'The stored bytes, with their sniffed Content-Type',
};
const DOWNLOAD = {
  type: 'application/octet-stream',
  description: 'The file as a download (Content-Disposition)',
};

export const filesArea = describeArea(
  'Files',
  'Uploads (multipart/form-data, field `file`; the type is judged from the content) and stored files.',
  [
    describeRoute('/api/assets/:assetId/file', assetFile, {
      GET: {
        summary: 'A stored picture (avatar, wallpaper, logo, icon)',
        produces: FILE,
        errors: [404],
        example: { params: { assetId: 'asset-77a0' } },
      },
    }),
    describeRoute('/api/assets/wallpaper', wallpaper, {
      POST: {
        summary: 'Upload a wallpaper, logo, favicon or icon',
        multipart: {
          file: 'the picture',
          kind: 'wallpaper, logo, favicon or icon (or ?kind=)',
          oldAssetId: 'optional: your previous file, deleted once this one is stored',
        },
        query: z.object({ kind: z.string().optional() }),
        response: z.object({ id: z.string(), kind: z.string(), url: z.string() }),
        example: {
          query: { kind: 'wallpaper' },
          response: { id: 'asset-1b2c', kind: 'wallpaper', url: '/api/assets/asset-1b2c/file' },
        },
      },
    }),
    describeRoute('/api/assets/cleanup', cleanup, {
      POST: {
        summary: 'Delete your uploaded icons that no card shows',
        response: z.object({ cleaned: z.number() }),
        example: { body: { assetIds: ['asset-9d0e'] }, response: { cleaned: 1 } },
      },
    }),
    describeRoute('/api/note-cards/upload-image', uploadImage, {
      POST: {
        summary: 'Upload a picture for a note',
        multipart: { file: 'the picture' },
        response: z.object({ url: z.string(), assetId: z.string() }),
        example: { response: { url: '/api/note-cards/img/asset-3e4f', assetId: 'asset-3e4f' } },
      },
    }),
    describeRoute('/api/note-cards/upload-file', uploadFile, {
      POST: {
        summary: 'Upload a file linked from a note',
        multipart: { file: 'the file' },
        response: z.object({ url: z.string(), assetId: z.string(), filename: z.string() }),
        example: {
          response: { url: '/api/note-cards/file/asset-6a7b', assetId: 'asset-6a7b', filename: 'plan.pdf' },
        },
      },
    }),
    describeRoute('/api/note-cards/img/:imageId', noteImage, {
      GET: {
        summary: 'A note’s picture',
        produces: FILE,
        errors: [404],
        example: { params: { imageId: 'asset-3e4f' } },
      },
    }),
    describeRoute('/api/note-cards/file/:fileId', noteFile, {
      GET: {
        summary: 'A note’s file',
        produces: DOWNLOAD,
        errors: [404],
        example: { params: { fileId: 'asset-6a7b' } },
      },
    }),
    describeRoute('/api/note-cards/attach/:fileId', noteFile, {
      GET: {
        summary: 'A note’s attachment (the older download path)',
        produces: DOWNLOAD,
        errors: [404],
        example: { params: { fileId: ATTACHMENT.id } },
      },
    }),
    describeRoute('/api/note-cards/attachment', attachment, {
      GET: {
        summary: 'A note’s attachments, oldest first',
        response: itemsOf(NoteAttachmentDtoSchema),
        errors: [404],
        example: { query: { noteId: 'card-4c77' }, response: { items: [ATTACHMENT] } },
      },
      POST: {
        summary: 'Attach a file (≤ 100 MB) to a note',
        multipart: { file: 'the file', noteId: 'the note' },
        response: itemOf(NoteAttachmentDtoSchema),
        errors: [404],
        example: { response: { item: ATTACHMENT } },
      },
      PUT: {
        summary: 'Rename an attachment',
        response: Ok,
        errors: [404],
        example: { body: { id: ATTACHMENT.id, filename: 'invoice-2026.pdf' }, response: { ok: true } },
      },
      PATCH: {
        summary: 'Rename an attachment (the older method)',
        response: Ok,
        errors: [404],
        example: { body: { id: ATTACHMENT.id, filename: 'invoice-2026.pdf' }, response: { ok: true } },
      },
      DELETE: {
        summary: 'Delete an attachment',
        response: Ok,
        errors: [404],
        example: { query: { id: ATTACHMENT.id }, response: { ok: true } },
      },
    }),
  ],
);
