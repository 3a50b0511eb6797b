import { randomUUID } from 'node:crypto';
import { ASSIST_DEFAULTS, CHECK_DEFAULTS, type CardDoc } from './card.model';

export function newCardId(prefix: 'card' | 'site' = 'card'): string {
  return `${prefix}-${randomUUID()}`;
}

/** A complete card document: every field the older service's card row has, with its defaults. */
export function newCardDoc(
  fields: Pick<CardDoc, 'ownerId' | 'name' | 'siteUrl' | 'globalSortOrder'> & Partial<CardDoc>,
): CardDoc {
  const now = new Date();
  return {
    _id: newCardId(),
    cardType: null,
    siteDescription: null,
    iconUrl: null,
    iconBgColor: null,
    siteIsOnline: null,
    siteSkipOnlineCheck: false,
    ...CHECK_DEFAULTS,
    siteOnlineCheckLastRun: null,
    siteOnlineCheckHistory: [],
    siteOfflineNotify: true,
    siteAccessRules: null,
    siteIsPinned: false,
    cardData: null,
    ...ASSIST_DEFAULTS,
    siteTodos: [],
    siteTodosAiEnabled: true,
    socialHint: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
