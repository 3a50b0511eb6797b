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

/** What a bulk edit of cards changed in tags and pins (its exact inverse is the undo). */
export interface RevertItems {
  /** Memberships the edit added: an undo takes them away again. */
  added: { tagId: string; cardId: string }[];
  /** Memberships the edit removed, with their places: an undo puts them back. */
  removed: Membership[];
  /** Cards whose pin the edit changed, with the value before. */
  pinned: { cardId: string; pinned: boolean }[];
}

/**
 * What a deletion removed (`items`), or what a bulk edit changed (`revert`), kept for a while so it can be undone.
 * `_id` is the undo token.
 */
export interface TrashDoc {
  _id: string;
  ownerId: string;
  items: DeletedItems;
  revert?: RevertItems;
  createdAt: Date;
  expiresAt: Date;
}

const TrashSchema = docSchema<TrashDoc>(
  {
    ...required({ ownerId: String, items: Schema.Types.Mixed, createdAt: Date }),
    revert: { type: Schema.Types.Mixed, required: false },
    expiresAt: { type: Date, required: true, index: true },
  },
  { minimize: false },
);

export const TrashModel = defineModel<TrashDoc>('Trash', TrashSchema);
