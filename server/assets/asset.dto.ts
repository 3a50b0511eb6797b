import { z } from 'zod';
import type { AssetDoc } from './asset.model';

/** The public URL of an asset's file. */
export function assetUrl(assetId: string): string {
  return `/api/assets/${assetId}/file`;
}

/** A file attached to a note, as its list shows it. The schema is the type and the OpenAPI description's source
 * (docs/decisions.md §39). */
export const NoteAttachmentDtoSchema = z.strictObject({
  id: z.string(),
  filename: z.string(),
  size: z.number().describe('bytes'),
  mimeType: z.string(),
  url: z.string(),
  createdAt: z.string().describe('ISO 8601 date-time'),
});
export type NoteAttachmentDto = z.infer<typeof NoteAttachmentDtoSchema>;

export function toAttachment(a: AssetDoc): NoteAttachmentDto {
  return {
    id: a._id,
    filename: a.originalName ?? 'download.bin',
    size: a.size,
    mimeType: a.mimeType,
    url: `/api/note-cards/attach/${a._id}`,
    createdAt: a.createdAt.toISOString(),
  };
}
