import { z } from 'zod';
import type { SnapshotDoc } from './snapshot.model';

/** The public shape of a snapshot (compat §1.7), plus counts for the history page. The schema is the type and the
 * OpenAPI description's source (docs/decisions.md §39). */
export const SnapshotDtoSchema = z.strictObject({
  id: z.string().describe('snap-<uuid>'),
  ownerId: z.string(),
  label: z.string().describe('v<N> by default'),
  createdAt: z.string().describe('ISO 8601 date-time'),
  tags: z.number().describe('how many tags it holds'),
  cards: z.number().describe('how many cards it holds'),
  reason: z
    .string()
    .nullable()
    .describe('restore, import, reset, clear or mcp for an automatic snapshot, else null'),
});
export type SnapshotDto = z.infer<typeof SnapshotDtoSchema>;

export function toSnapshot(doc: SnapshotDoc): SnapshotDto {
  return {
    id: doc._id,
    ownerId: doc.ownerId,
    label: doc.label,
    createdAt: doc.createdAt.toISOString(),
    tags: doc.tags,
    cards: doc.cards,
    reason: doc.reason ?? null,
  };
}
