import { z } from 'zod';
import { SnapshotDtoSchema } from '#server/snapshots/snapshot.dto';
import { SnapshotCreateSchema } from '#server/snapshots/snapshot.schema';
import * as snapshots from '~/routes/api/snapshots';
import { describeArea, describeRoute } from '../describe';
import { SNAPSHOT } from '../examples';
import { Ok, itemOf, itemsOf } from '../shapes';

export const snapshotsArea = describeArea(
  'Snapshots',
  'Version history: copies of your whole space (tags, cards, memberships, relations) to restore later. ' +
    'Kept SNAPSHOT_RETENTION_DAYS (default 30). A read-only token may only list.',
  [
    describeRoute('/api/snapshots', snapshots, {
      GET: {
        summary: 'Your snapshots, newest first',
        response: itemsOf(SnapshotDtoSchema),
        example: { response: { items: [SNAPSHOT] } },
      },
      POST: {
        summary: 'Take a snapshot; or ?action=restore&id= restores one, ?action=cleanup removes expired ones',
        description:
          'Without `action`: the body `{label?}` is optional (an empty or invalid body means no label: `v<N+1>`); ' +
          'answers `{skipped: true}` when nothing changed since the newest snapshot. `action=restore` takes an ' +
          'automatic snapshot (reason `restore`) first, then replaces your tags and cards with the snapshot’s; ' +
          '409 while a restore of yours runs elsewhere. `action=cleanup` is for administrators (403 otherwise) ' +
          'and removes every user’s expired snapshots.',
        body: SnapshotCreateSchema,
        response: z.union([
          itemOf(SnapshotDtoSchema),
          z.object({ skipped: z.literal(true) }),
          Ok.extend({ cleaned: z.number().optional().describe('action=cleanup: snapshots removed') }),
        ]),
        errors: [404, 409],
        example: { body: { label: 'Before the big cleanup' }, response: { item: SNAPSHOT } },
      },
      PATCH: {
        summary: 'Rename a snapshot (?id=)',
        response: Ok,
        errors: [404],
        example: { query: { id: SNAPSHOT.id }, body: { label: 'Spring layout' }, response: { ok: true } },
      },
      DELETE: {
        summary: 'Delete a snapshot (?id=)',
        response: Ok,
        errors: [404, 409],
        example: { query: { id: SNAPSHOT.id }, response: { ok: true } },
      },
    }),
  ],
);
