import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { docSchema } from '../db-schema';

/** One document per data space (`_id` = owner id): what belongs to the space as a whole. */
export interface SpaceDoc {
  _id: string;
  /** Positions of the virtual tags (social, note) among the space's tags, on the same scale as tag orders. */
  virtualOrder?: Record<string, number>;
}

const SpaceSchema = docSchema<SpaceDoc>(
  { virtualOrder: { type: Schema.Types.Mixed, default: undefined } },
  { minimize: false },
);

export const SpaceModel = defineModel<SpaceDoc>('Space', SpaceSchema);
