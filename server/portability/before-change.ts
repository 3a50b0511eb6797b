// The one place every destructive change of a whole space (import, reset, clear, also from the configuration
// archive) passes through before it starts. The automatic snapshot (so each of them can be undone) is taken here.
import { takeAutoSnapshot } from '../snapshots/snapshot.service';
import type { SnapshotDto } from '../snapshots/snapshot.dto';
import type { SpaceSnapshot } from '../spaces/space.cache';

export type ReplaceReason = 'import' | 'reset' | 'clear';

/**
 * Called before a space is replaced or emptied, with the space's owner and why; `willChange` is a dry run on the
 * current copy (no snapshot when it says nothing will change). Answers the snapshot that undoes the change.
 */
export function beforeReplacingSpace(
  userId: string,
  reason: ReplaceReason,
  willChange?: (space: SpaceSnapshot) => boolean,
): Promise<SnapshotDto | null> {
  return takeAutoSnapshot(userId, reason, willChange);
}
