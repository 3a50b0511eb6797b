import { Schema } from 'mongoose';
import { defineModel } from '../db';

/** One fixed-window counter. `_id` = `<limit>:<subject hash>:<window number>`, so every lookup is by `_id`. */
export interface RateBucketDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

const RateBucketSchema = new Schema<RateBucketDoc>(
  {
    _id: { type: String, required: true },
    count: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'rate_limits' },
);

export const RateBucketModel = defineModel<RateBucketDoc>('RateBucket', RateBucketSchema);
