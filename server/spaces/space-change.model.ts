import { Schema } from 'mongoose';
import { defineModel } from '../db';

/**
 * A claimed revision of a data space. `_id` = `<ownerId>:<rev>`: inserting it is how a writer claims revision `rev`
 * (the unique `_id` makes the claim atomic on every server, FerretDB included). `at` tells two records of the same
 * number apart (a space rewritten from scratch, a restored database): a cached copy remembers the `at` of the record
 * it was built at. Old records are swept (server/maintenance.ts); each space's newest is kept.
 */
export interface SpaceChangeDoc {
  _id: string;
  ownerId: string;
  rev: number;
  at: Date;
}

const SpaceChangeSchema = new Schema<SpaceChangeDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    rev: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
SpaceChangeSchema.index({ ownerId: 1, rev: -1 });

export const SpaceChangeModel = defineModel<SpaceChangeDoc>('SpaceChange', SpaceChangeSchema);

export const changeId = (ownerId: string, rev: number) => `${ownerId}:${rev}`;
