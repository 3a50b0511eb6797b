import { defineModel } from '../db';
import { docSchema, required } from '../db-schema';

/**
 * A claim to run one card's scheduled check in one time slot: `_id` = `<cardId>:<slot start ms>`. Inserting it
 * is atomic on FerretDB and MongoDB alike (a unique `_id`), so with several app instances exactly one runs the check.
 */
export interface CheckLeaseDoc {
  _id: string;
  at: Date;
}

const CheckLeaseSchema = docSchema<CheckLeaseDoc>(
  {
    ...required({ at: Date }),
  },
  { collection: 'online_check_leases' },
);

export const CheckLeaseModel = defineModel<CheckLeaseDoc>('CheckLease', CheckLeaseSchema);
