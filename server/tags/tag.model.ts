import { Schema } from 'mongoose';
import { defineModel } from '../db';

export interface TagDoc {
  _id: string;
  ownerId: string;
  name: string;
  slug: string;
  order: number;
  isHidden: boolean;
  logoUrl: string | null;
  logoBgColor: string | null;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const TagSchema = new Schema<TagDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    name: { type: String, required: true },
    slug: { type: String, required: true },
    order: { type: Number, required: true },
    isHidden: { type: Boolean, default: false },
    logoUrl: { type: String, default: null },
    logoBgColor: { type: String, default: null },
    description: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
TagSchema.index({ ownerId: 1, order: 1 });

export const TagModel = defineModel<TagDoc>('Tag', TagSchema);
