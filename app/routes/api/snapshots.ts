import { badRequest } from '#server/errors';
import { restoreSnapshot } from '#server/snapshots/snapshot-restore';
import {
  SnapshotCreateSchema,
  SnapshotQuerySchema,
  SnapshotRenameSchema,
} from '#server/snapshots/snapshot.schema';
import {
  cleanupSnapshots,
  createSnapshot,
  deleteSnapshot,
  listSnapshots,
  renameSnapshot,
} from '#server/snapshots/snapshot.service';
import { apiRoute, readBodyText } from '~/lib/api.server';

const requireId = (id: string | undefined) => {
  if (!id) throw badRequest('Missing snapshot id (?id=)');
  return id;
};

/** The optional `{label}` of a creation; an empty or invalid body means "no label" (compat §1.7). */
async function optionalLabel(request: Request): Promise<string | undefined> {
  try {
    const parsed = SnapshotCreateSchema.safeParse(JSON.parse(await readBodyText(request, 16 * 1024)));
    return parsed.success ? parsed.data.label : undefined;
  } catch {
    return undefined;
  }
}

/** User snapshots (compat §1.7): list, create, rename, delete, `?action=restore&id=`, `?action=cleanup` (admin). */
const handle = apiRoute({
  GET: { auth: 'user', run: async ({ actor }) => ({ items: await listSnapshots(actor) }) },
  POST: {
    auth: 'user',
    query: SnapshotQuerySchema,
    run: async ({ actor, query, request }) => {
      if (query.action === 'restore') return restoreSnapshot(actor, requireId(query.id));
      if (query.action === 'cleanup') return cleanupSnapshots(actor);
      return createSnapshot(actor, { label: await optionalLabel(request) });
    },
  },
  PATCH: {
    auth: 'user',
    query: SnapshotQuerySchema,
    body: SnapshotRenameSchema,
    run: async ({ actor, query, body }) => {
      await renameSnapshot(actor, requireId(query.id), body.label);
      return { ok: true };
    },
  },
  DELETE: {
    auth: 'user',
    query: SnapshotQuerySchema,
    run: async ({ actor, query }) => {
      await deleteSnapshot(actor, requireId(query.id));
      return { ok: true };
    },
  },
});

export { handle as loader, handle as action };
