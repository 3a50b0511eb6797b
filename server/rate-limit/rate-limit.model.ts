import { Schema } from 'mongoose';
import { defineModel } from '../db';

/**
 * One counted event of a fixed window: `_id` = `<bucket>#<slot>` where bucket = `<limit>:<subject hash>:<window>`
 * and slot is 1..max. A window holds at most `max` of them because `_id` is unique.
 */
export interface RateBucketDoc {
  _id: string;
  bucket: string;
  expiresAt: Date;
}

const RateBucketSchema = new Schema<RateBucketDoc>(
  {
    _id: { type: String, required: true },
    bucket: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'rate_limits' },
);

export const RateBucketModel = defineModel<RateBucketDoc>('RateBucket', RateBucketSchema);
