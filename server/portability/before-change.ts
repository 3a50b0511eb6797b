// The one place every destructive change of a whole space (import, reset, clear, also from the configuration
// archive) passes through before it starts. The automatic snapshot (so each of them can be undone) is taken here.
import { takeAutoSnapshot } from '../snapshots/snapshot.service';

export type ReplaceReason = 'import' | 'reset' | 'clear';

/** Called before a space is replaced or emptied, with the space's owner and why. */
export async function beforeReplacingSpace(userId: string, reason: ReplaceReason): Promise<void> {
  await takeAutoSnapshot(userId, reason);
}
