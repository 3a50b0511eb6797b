import { z } from 'zod';
import type { SpaceSnapshot } from '../spaces/space.cache';
import type { CardDoc } from './card.model';

// The one public JSON shape of each card view: the zod schema is the TypeScript type (z.infer), the mapper's target
// and the source of the OpenAPI description (app/lib/openapi/shapes.ts; docs/decisions.md §39). Strict objects:
// tests/api/openapi.test.ts checks live answers against them, so a field the answer has and the schema lacks (or the
// other way round) fails a test, and the mappers below fail the type check.
const iso = z.string().describe('ISO 8601 date-time');
const nullableText = z.string().nullable();

export const CardTagDtoSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  isHidden: z.boolean(),
  sortOrder: z.number().describe("the card's position inside that tag"),
});
export type CardTagDto = z.infer<typeof CardTagDtoSchema>;

export const RelatedSiteDtoSchema = z.strictObject({
  cardId: z.string(),
  cardName: z.string(),
  cardIconUrl: nullableText,
  cardUrl: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number(),
  source: z.enum(['manual', 'ai']),
  reason: z.string(),
});
export type RelatedSiteDto = z.infer<typeof RelatedSiteDtoSchema>;

const TodoItemSchema = z.strictObject({
  id: z.string(),
  text: z.string(),
  completed: z.boolean(),
  noteId: z.string().optional().describe('set on todos kept in sync with a note that links to this site'),
});

const CheckEntrySchema = z.strictObject({ at: iso, online: z.boolean(), reason: nullableText });

/** The older service's `Card`: one shape for site, social and note cards; the document's fields, with dates as text. */
export const CardDtoSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  siteUrl: z.string(),
  siteDescription: nullableText,
  iconUrl: nullableText,
  iconBgColor: nullableText,
  siteIsOnline: z.boolean().nullable(),
  siteSkipOnlineCheck: z.boolean(),
  siteOnlineCheckFrequency: z.enum(['5min', '1h', '1d']),
  siteOnlineCheckTimeout: z.number(),
  siteOnlineCheckMatchMode: z.enum(['status', 'keyword']),
  siteOnlineCheckKeyword: z.string(),
  siteOnlineCheckFailThreshold: z.number(),
  siteOnlineCheckFailCount: z.number(),
  siteOnlineCheckLastRun: iso.nullable(),
  siteOnlineCheckHistory: z
    .array(CheckEntrySchema)
    .describe('the last online checks, oldest first (the owner only; visitors get [])'),
  siteOfflineNotify: z.boolean(),
  siteAccessRules: z
    .strictObject({ urls: z.array(z.strictObject({ id: z.string(), url: z.string(), label: z.string() })) })
    .nullable(),
  siteIsPinned: z.boolean(),
  globalSortOrder: z.number(),
  cardType: nullableText.describe('null for a website; a social type or "note"'),
  cardData: nullableText.describe('JSON text: the social payload or the note {title, content}'),
  siteRecommendContext: z.string(),
  siteRecommendContextEnabled: z.boolean(),
  siteRecommendContextAutoGen: z.boolean(),
  siteAiRelationEnabled: z.boolean(),
  siteRelatedSitesEnabled: z.boolean(),
  sitePendingContextGen: z.boolean(),
  siteNotes: z.string(),
  siteNotesAiEnabled: z.boolean(),
  siteTodos: z.array(TodoItemSchema),
  siteTodosAiEnabled: z.boolean(),
  socialHint: nullableText,
  tags: z.array(CardTagDtoSchema),
  siteRelatedSites: z.array(RelatedSiteDtoSchema),
  createdAt: iso,
  updatedAt: iso,
});
export type CardDto = z.infer<typeof CardDtoSchema>;

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

/** A social card in its own view (`/api/social-cards`). */
export const SocialCardDtoSchema = z.strictObject({
  id: z.string(),
  cardType: z.string(),
  label: z.string(),
  iconUrl: nullableText,
  iconBgColor: nullableText,
  payload: z.record(z.string(), z.unknown()),
  hint: nullableText,
  globalSortOrder: z.number(),
  createdAt: iso,
  updatedAt: iso,
});
export type SocialCardDto = z.infer<typeof SocialCardDtoSchema>;

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

/** A note card in its own view (`/api/note-cards`). */
export const NoteCardDtoSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  iconUrl: nullableText,
  iconBgColor: nullableText,
  globalSortOrder: z.number(),
  createdAt: iso,
  updatedAt: iso,
});
export type NoteCardDto = z.infer<typeof NoteCardDtoSchema>;

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
