import { Schema } from 'mongoose';
import { defineModel } from '../db';

/**
 * One document per data space (`_id` = owner id) whose `rev` is incremented after every change to the space's
 * tags, cards, memberships or relations. Readers compare it with their cached read model (see space.cache.ts).
 */
export interface SpaceDoc {
  _id: string;
  rev: number;
  /** Positions of the virtual tags (social, note) among the space's tags, on the same scale as tag orders. */
  virtualOrder?: Record<string, number>;
}

const SpaceSchema = new Schema<SpaceDoc>(
  {
    _id: { type: String, required: true },
    rev: { type: Number, default: 0 },
    virtualOrder: { type: Schema.Types.Mixed, default: undefined },
  },
  { versionKey: false, minimize: false },
);

export const SpaceModel = defineModel<SpaceDoc>('Space', SpaceSchema);
