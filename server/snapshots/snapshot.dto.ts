import type { SnapshotDoc } from './snapshot.model';

/** The public shape of a snapshot (compat §1.7), plus counts for the history page. */
export interface SnapshotDto {
  id: string;
  ownerId: string;
  label: string;
  createdAt: string;
  tags: number;
  cards: number;
  reason: string | null;
}

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
