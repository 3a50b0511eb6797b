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

const idField = z.string().trim().min(1).max(80);

// The history page's forms (app/routes/pages/settings.history.server.ts), checked in the browser too.

/** The form of "Take a snapshot": a label is optional (a blank one means none). */
export const SnapshotTakeFormSchema = z.object({
  label: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    SnapshotLabelSchema.optional(),
  ),
});
/** The rename form of one snapshot. */
export const SnapshotRenameFormSchema = z.object({ id: idField, label: SnapshotLabelSchema });
/** The confirm step of a restore or a deletion. */
export const SnapshotIdFormSchema = z.object({ id: idField });
