import { defineModel } from '../db';
import { docSchema, required } from '../db-schema';

/**
 * A saved copy of one user's data space. The data itself (gzip'd JSON) is stored in `snapshot_chunks`
 * (`_id` = `<snapshotId>:<n>`), written before this document: the document is what makes a snapshot exist.
 */
export interface SnapshotDoc {
  /** `snap-<uuid>` */
  _id: string;
  ownerId: string;
  label: string;
  createdAt: Date;
  /** SHA-256 of the normalised content (volatile online-check fields left out): equal hashes = nothing changed. */
  hash: string;
  chunks: number;
  /** Uncompressed JSON bytes. */
  bytes: number;
  tags: number;
  cards: number;
  /** Files the snapshot references (icons, note images and files): kept alive while the snapshot exists. */
  assetIds: string[];
  /** Note cards in the snapshot: their attachments stay alive too. */
  noteIds: string[];
  /** Why it was taken automatically ('restore', 'import', 'reset', 'clear', 'mcp'); absent when taken by hand. */
  reason?: string;
}

const SnapshotSchema = docSchema<SnapshotDoc>(
  {
    ownerId: { type: String, required: true, index: true },
    ...required({ label: String }),
    createdAt: { type: Date, required: true, index: true },
    ...required({ hash: String, chunks: Number, bytes: Number, tags: Number, cards: Number }),
    assetIds: { type: [String], default: [] },
    noteIds: { type: [String], default: [] },
    reason: { type: String, default: undefined },
  },
  { collection: 'snapshots' },
);

export const SnapshotModel = defineModel<SnapshotDoc>('Snapshot', SnapshotSchema);

/** One piece of a snapshot's compressed data (kept below the databases' document size limits). */
export interface SnapshotChunkDoc {
  _id: string;
  snapshotId: string;
  data: Buffer;
  at: Date;
}

const SnapshotChunkSchema = docSchema<SnapshotChunkDoc>(
  {
    snapshotId: { type: String, required: true, index: true },
    ...required({ data: Buffer, at: Date }),
  },
  { collection: 'snapshot_chunks' },
);

export const SnapshotChunkModel = defineModel<SnapshotChunkDoc>('SnapshotChunk', SnapshotChunkSchema);

/**
 * The restore journal: written (unique `_id` = owner id) before a restore changes anything, removed after the
 * restored space is committed. Found later with a stale heartbeat, it means a restore died half-way: it is rolled
 * forward again (see snapshot-restore.ts). `gen` counts takeovers; each is claimed by a unique insert.
 */
export interface RestoreJournalDoc {
  _id: string;
  snapshotId: string;
  /** Random id of this restore; takeovers claim `<runId>:<gen>`. */
  runId: string;
  gen: number;
  startedAt: Date;
  beatAt: Date;
}

const RestoreJournalSchema = docSchema<RestoreJournalDoc>(
  {
    ...required({ snapshotId: String, runId: String, gen: Number, startedAt: Date, beatAt: Date }),
  },
  { collection: 'restore_journals' },
);

export const RestoreJournalModel = defineModel<RestoreJournalDoc>('RestoreJournal', RestoreJournalSchema);

/** A takeover of a stale journal: `_id` = `<runId>:<gen>`; the unique insert lets exactly one process win. */
export interface RestoreClaimDoc {
  _id: string;
  ownerId: string;
  at: Date;
}

const RestoreClaimSchema = docSchema<RestoreClaimDoc>(
  {
    ownerId: { type: String, required: true, index: true },
    ...required({ at: Date }),
  },
  { collection: 'restore_claims' },
);

export const RestoreClaimModel = defineModel<RestoreClaimDoc>('RestoreClaim', RestoreClaimSchema);
