import { z } from 'zod';
import { restoreSnapshot } from '../../snapshots/snapshot-restore';
import type { SnapshotDto } from '../../snapshots/snapshot.dto';
import { createSnapshot, deleteSnapshot, getSnapshot, listSnapshots } from '../../snapshots/snapshot.service';
import { mcpSnapshotLabel } from '../../snapshots/snapshot-label.shared';
import { actionTool, deleteTool, IdArgs, NoArgs, tool } from '../mcp.tool';

/** The snapshot shape the older service's tools return (compat §12.2). */
const meta = (s: SnapshotDto) => ({ id: s.id, ownerId: s.ownerId, label: s.label, createdAt: s.createdAt });

export const snapshotTools = [
  tool({
    name: 'list_snapshots',
    description: 'List your data snapshots, newest first.',
    input: NoArgs,
    write: false,
    run: async (actor) => (await listSnapshots(actor)).map(meta),
  }),
  tool({
    name: 'create_snapshot',
    description:
      'Save a snapshot of all your tags and cards now (skipped when nothing changed since the last one).',
    input: z.object({ label: z.string().trim().min(1).max(100).optional() }),
    write: true,
    run: async (actor, { label }) => {
      const r = await createSnapshot(actor, { label: label ?? mcpSnapshotLabel(new Date(), actor.lang) });
      return 'item' in r ? meta(r.item) : { message: '数据无变化，快照已跳过' };
    },
  }),
  tool({
    name: 'get_snapshot',
    description: 'Get one snapshot with its data (tags, cards, cardTags, cardRelations, virtualOrder).',
    input: IdArgs,
    write: false,
    run: async (actor, { id }) => {
      const s = await getSnapshot(actor, id);
      return { ...meta(s), data: s.data };
    },
  }),
  actionTool(
    {
      name: 'restore_snapshot',
      description:
        'Replace all your tags and cards with a snapshot (a snapshot of the current data is taken first, so it can be undone).',
      input: IdArgs,
      run: (actor, { id }) => restoreSnapshot(actor, id),
    },
    { message: '快照已恢复' },
  ),
  deleteTool('delete_snapshot', 'Delete one snapshot.', deleteSnapshot),
];
