import type { SpaceSnapshot } from '../spaces/space.cache';
import type { CardDoc } from './card.model';

export interface CardTagDto {
  id: string;
  name: string;
  slug: string;
  isHidden: boolean;
  /** The card's position inside that tag. */
  sortOrder: number;
}

export interface RelatedSiteDto {
  cardId: string;
  cardName: string;
  cardIconUrl: string | null;
  cardUrl: string;
  enabled: boolean;
  sortOrder: number;
  source: 'manual' | 'ai';
  reason: string;
}

/** The older service's `Card`: one shape for site, social and note cards; the document's fields, with dates as text. */
export interface CardDto extends Omit<
  CardDoc,
  | '_id'
  | 'ownerId'
  | 'siteOnlineCheckLastRun'
  | 'siteOnlineCheckHistory'
  | 'cardData'
  | 'createdAt'
  | 'updatedAt'
> {
  id: string;
  siteOnlineCheckLastRun: string | null;
  /** The last online checks, oldest first (not in the older service's shape; visitors get []). */
  siteOnlineCheckHistory: { at: string; online: boolean; reason: string | null }[];
  /** JSON text, as the older service stored it: the social payload or the note `{title, content}`. */
  cardData: string | null;
  tags: CardTagDto[];
  siteRelatedSites: RelatedSiteDto[];
  createdAt: string;
  updatedAt: string;
}

/** A card as its owner sees it (visitors get `toVisitorCard`, server/cards/visitor-view.ts). */
export function toCard(doc: CardDoc, space: SpaceSnapshot): CardDto {
  const tags: CardTagDto[] = [];
  for (const m of space.membershipsByCard.get(doc._id) ?? []) {
    const tag = space.tagsById.get(m.tagId);
    if (!tag) continue;
    tags.push({ id: tag._id, name: tag.name, slug: tag.slug, isHidden: tag.isHidden, sortOrder: m.order });
  }
  tags.sort(
    (a, b) =>
      space.tagsById.get(a.id)!.order - space.tagsById.get(b.id)!.order || a.name.localeCompare(b.name),
  );
  const related: RelatedSiteDto[] = [];
  for (const r of space.relationsBySource.get(doc._id) ?? []) {
    const target = space.cards.get(r.targetId);
    if (!target) continue;
    related.push({
      cardId: target._id,
      cardName: target.name,
      cardIconUrl: target.iconUrl,
      cardUrl: target.siteUrl,
      enabled: r.enabled,
      sortOrder: r.order,
      source: r.source,
      reason: r.reason,
    });
  }
  return {
    id: doc._id,
    name: doc.name,
    siteUrl: doc.siteUrl,
    siteDescription: doc.siteDescription,
    iconUrl: doc.iconUrl,
    iconBgColor: doc.iconBgColor,
    siteIsOnline: doc.siteIsOnline,
    siteSkipOnlineCheck: doc.siteSkipOnlineCheck,
    siteOnlineCheckFrequency: doc.siteOnlineCheckFrequency,
    siteOnlineCheckTimeout: doc.siteOnlineCheckTimeout,
    siteOnlineCheckMatchMode: doc.siteOnlineCheckMatchMode,
    siteOnlineCheckKeyword: doc.siteOnlineCheckKeyword,
    siteOnlineCheckFailThreshold: doc.siteOnlineCheckFailThreshold,
    siteOnlineCheckFailCount: doc.siteOnlineCheckFailCount,
    siteOnlineCheckLastRun: doc.siteOnlineCheckLastRun ? doc.siteOnlineCheckLastRun.toISOString() : null,
    siteOnlineCheckHistory: (doc.siteOnlineCheckHistory ?? []).map((e) => ({
      at: new Date(e.at).toISOString(),
      online: e.online,
      reason: e.reason ?? null,
    })),
    siteOfflineNotify: doc.siteOfflineNotify,
    siteAccessRules: doc.siteAccessRules,
    siteIsPinned: doc.siteIsPinned,
    globalSortOrder: doc.globalSortOrder,
    cardType: doc.cardType,
    cardData: doc.cardData ? JSON.stringify(doc.cardData) : null,
    siteRecommendContext: doc.siteRecommendContext,
    siteRecommendContextEnabled: doc.siteRecommendContextEnabled,
    siteRecommendContextAutoGen: doc.siteRecommendContextAutoGen,
    siteAiRelationEnabled: doc.siteAiRelationEnabled,
    siteRelatedSitesEnabled: doc.siteRelatedSitesEnabled,
    sitePendingContextGen: doc.sitePendingContextGen,
    siteNotes: doc.siteNotes,
    siteNotesAiEnabled: doc.siteNotesAiEnabled,
    siteTodos: doc.siteTodos,
    siteTodosAiEnabled: doc.siteTodosAiEnabled,
    socialHint: doc.socialHint,
    tags,
    siteRelatedSites: related,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export interface SocialCardDto {
  id: string;
  cardType: string;
  label: string;
  iconUrl: string | null;
  iconBgColor: string | null;
  payload: Record<string, unknown>;
  hint: string | null;
  globalSortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export function toSocialCard(doc: CardDoc): SocialCardDto {
  return {
    id: doc._id,
    cardType: doc.cardType ?? '',
    label: doc.name,
    iconUrl: doc.iconUrl,
    iconBgColor: doc.iconBgColor,
    payload: { ...(doc.cardData ?? {}) },
    hint: doc.socialHint,
    globalSortOrder: doc.globalSortOrder,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export interface NoteCardDto {
  id: string;
  title: string;
  content: string;
  iconUrl: string | null;
  iconBgColor: string | null;
  globalSortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export function toNoteCard(doc: CardDoc): NoteCardDto {
  const data = (doc.cardData ?? {}) as { content?: unknown };
  return {
    id: doc._id,
    title: doc.name,
    content: typeof data.content === 'string' ? data.content : '',
    iconUrl: doc.iconUrl,
    iconBgColor: doc.iconBgColor,
    globalSortOrder: doc.globalSortOrder,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
