import { defineModel } from '../db';
import { docSchema, required } from '../db-schema';

/**
 * One counted event of a fixed window: `_id` = `<bucket>#<slot>` where bucket = `<limit>:<subject hash>:<window>`
 * and slot is 1..max. A window holds at most `max` of them because `_id` is unique.
 */
export interface RateBucketDoc {
  _id: string;
  bucket: string;
  expiresAt: Date;
}

const RateBucketSchema = docSchema<RateBucketDoc>(
  {
    bucket: { type: String, required: true, index: true },
    ...required({ expiresAt: Date }),
  },
  { collection: 'rate_limits' },
);

export const RateBucketModel = defineModel<RateBucketDoc>('RateBucket', RateBucketSchema);
