import { defineModel } from '../db';
import { docSchema, defaults, nullable, required } from '../db-schema';

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

const TagSchema = docSchema<TagDoc>({
  ...required({ ownerId: String, name: String, slug: String, order: Number }),
  ...defaults({ isHidden: false }),
  ...nullable({ logoUrl: String, logoBgColor: String, description: String }),
  ...required({ createdAt: Date, updatedAt: Date }),
});
TagSchema.index({ ownerId: 1, order: 1 });

export const TagModel = defineModel<TagDoc>('Tag', TagSchema);
