import { Schema } from 'mongoose';
import { defineModel } from '../db';
import { docSchema, required } from '../db-schema';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { Membership } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';

export interface DeletedItems {
  tags: TagDoc[];
  cards: CardDoc[];
  memberships: Membership[];
  relations: RelationDoc[];
}

/** What a deletion removed, kept for a while so it can be undone. `_id` is the undo token. */
export interface TrashDoc {
  _id: string;
  ownerId: string;
  items: DeletedItems;
  createdAt: Date;
  expiresAt: Date;
}

const TrashSchema = docSchema<TrashDoc>(
  {
    ...required({ ownerId: String, items: Schema.Types.Mixed, createdAt: Date }),
    expiresAt: { type: Date, required: true, index: true },
  },
  { minimize: false },
);

export const TrashModel = defineModel<TrashDoc>('Trash', TrashSchema);
