import { z } from 'zod';

export const SnapshotLabelSchema = z.string().trim().min(1, 'Label must not be blank').max(100);

/** POST /api/snapshots body (optional; an empty or invalid body means "no label"). */
export const SnapshotCreateSchema = z.object({ label: SnapshotLabelSchema.optional() });
export type SnapshotCreate = z.infer<typeof SnapshotCreateSchema>;

export const SnapshotRenameSchema = z.object({ label: SnapshotLabelSchema });

/** Query of /api/snapshots: `id` for one snapshot, `action` = restore | cleanup on POST. */
export const SnapshotQuerySchema = z.object({
  id: z.string().max(80).optional(),
  action: z.enum(['restore', 'cleanup']).optional(),
});
