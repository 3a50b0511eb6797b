import { Schema } from 'mongoose';
import { defineModel } from '../db';
import type { SpaceChange, TouchedIds } from './space.snapshot';

/**
 * One committed change to a data space. `_id` = `<ownerId>:<rev>`: inserting it is how a writer claims revision
 * `rev` (the unique `_id` makes the claim atomic on every server, FerretDB included), and readers that are behind
 * fetch the records they miss by `_id` instead of reloading the space. Swept after a while (server/maintenance.ts).
 */
export interface SpaceChangeDoc {
  _id: string;
  ownerId: string;
  rev: number;
  at: Date;
  /**
   * The change itself as JSON text (see encodeChange), present only when the writer planned it from revision
   * `rev - 1` exactly: then applying it to a copy at `rev - 1` gives the database's state. Otherwise readers re-read
   * the `touched` documents. Text rather than a nested document: FerretDB keeps a type schema beside every nested
   * field (about twice the bytes), and every `_id` lookup there reads the whole collection's JSON.
   */
  change?: string;
  touched: TouchedIds;
  /** The space was rewritten wholesale (or a writer failed half-way): readers reload it. */
  reload?: boolean;
}

const SpaceChangeSchema = new Schema<SpaceChangeDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    rev: { type: Number, required: true },
    at: { type: Date, required: true },
    change: { type: String, default: undefined },
    touched: { type: Schema.Types.Mixed, required: true },
    reload: { type: Boolean, default: undefined },
  },
  { versionKey: false, minimize: false },
);

export const SpaceChangeModel = defineModel<SpaceChangeDoc>('SpaceChange', SpaceChangeSchema);

export const changeId = (ownerId: string, rev: number) => `${ownerId}:${rev}`;

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'siteOnlineCheckLastRun']);

export function encodeChange(change: SpaceChange): string {
  return JSON.stringify(change);
}

export function decodeChange(text: string): SpaceChange {
  return JSON.parse(text, (key, value: unknown) =>
    DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
  ) as SpaceChange;
}
