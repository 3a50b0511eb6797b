import { Schema } from 'mongoose';
import { defineModel } from '../db';

/**
 * A claim to run one card's scheduled check in one time slot: `_id` = `<cardId>:<slot start ms>`. Inserting it
 * is atomic on FerretDB and MongoDB alike (a unique `_id`), so with several app instances exactly one runs the check.
 */
export interface CheckLeaseDoc {
  _id: string;
  at: Date;
}

const CheckLeaseSchema = new Schema<CheckLeaseDoc>(
  {
    _id: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'online_check_leases' },
);

export const CheckLeaseModel = defineModel<CheckLeaseDoc>('CheckLease', CheckLeaseSchema);
