import { randomUUID } from 'node:crypto';
import { cardFromStored, type CardDoc } from './card.model';

export function newCardId(prefix: 'card' | 'site' = 'card'): string {
  return `${prefix}-${randomUUID()}`;
}

/** A complete card document: every field the older service's card row has, the ones not given at their defaults. */
export function newCardDoc(
  fields: Pick<CardDoc, 'ownerId' | 'name' | 'siteUrl' | 'globalSortOrder'> & Partial<CardDoc>,
): CardDoc {
  const now = new Date();
  return cardFromStored({ _id: newCardId(), createdAt: now, updatedAt: now, ...fields });
}
