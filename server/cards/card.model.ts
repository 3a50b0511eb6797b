import { Schema } from 'mongoose';
import { BULK_CHUNK, defineModel } from '../db';
import { docSchema, defaults, nullable, required } from '../db-schema';
import type { Membership } from '../spaces/space.change';

export type CheckFrequency = '5min' | '1h' | '1d';

export interface TodoItem {
  id: string;
  text: string;
  completed: boolean;
  /** Set on todos kept in sync with a note that links to this site (`sakura-site://<cardId>`). */
  noteId?: string;
}

export interface AccessRuleUrl {
  id: string;
  url: string;
  label: string;
}

/** One collection for site, social and note cards, like the older service (`cardType` null = site). */
/** One online check of a card: when (epoch ms), what it found, and why it counted as offline. */
export interface CheckEntry {
  at: number;
  online: boolean;
  reason?: string;
}

/** How a new card's site is checked; visitors are shown these instead of the owner's settings. */
export const CHECK_DEFAULTS = {
  siteOnlineCheckFrequency: '1d',
  siteOnlineCheckTimeout: 3,
  siteOnlineCheckMatchMode: 'status',
  siteOnlineCheckKeyword: '',
  siteOnlineCheckFailThreshold: 3,
  siteOnlineCheckFailCount: 0,
} as const satisfies Partial<CardDoc>;

/** What a new card's recommendation context, AI relations, related sites and memo notes start as. */
export const ASSIST_DEFAULTS = {
  siteRecommendContext: '',
  siteRecommendContextEnabled: true,
  siteRecommendContextAutoGen: true,
  siteAiRelationEnabled: true,
  siteRelatedSitesEnabled: true,
  sitePendingContextGen: false,
  siteNotes: '',
  siteNotesAiEnabled: true,
} as const satisfies Partial<CardDoc>;

export interface CardDoc {
  _id: string;
  ownerId: string;
  cardType: string | null;
  name: string;
  siteUrl: string;
  siteDescription: string | null;
  iconUrl: string | null;
  iconBgColor: string | null;
  siteIsOnline: boolean | null;
  siteSkipOnlineCheck: boolean;
  siteOnlineCheckFrequency: CheckFrequency;
  siteOnlineCheckTimeout: number;
  siteOnlineCheckMatchMode: 'status' | 'keyword';
  siteOnlineCheckKeyword: string;
  siteOnlineCheckFailThreshold: number;
  siteOnlineCheckFailCount: number;
  siteOnlineCheckLastRun: Date | null;
  /** The last online checks, oldest first (older documents lack it). */
  siteOnlineCheckHistory?: CheckEntry[];
  siteOfflineNotify: boolean;
  siteAccessRules: { urls: AccessRuleUrl[] } | null;
  siteIsPinned: boolean;
  globalSortOrder: number;
  /** Social payload (with `type`) or note `{title, content}`; null for sites. */
  cardData: Record<string, unknown> | null;
  siteRecommendContext: string;
  siteRecommendContextEnabled: boolean;
  siteRecommendContextAutoGen: boolean;
  siteAiRelationEnabled: boolean;
  siteRelatedSitesEnabled: boolean;
  sitePendingContextGen: boolean;
  siteNotes: string;
  siteNotesAiEnabled: boolean;
  siteTodos: TodoItem[];
  siteTodosAiEnabled: boolean;
  socialHint: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const CardSchema = docSchema<CardDoc>(
  {
    ...required({ ownerId: String }),
    ...nullable({ cardType: String }),
    ...required({ name: String, siteUrl: String }),
    ...nullable({ siteDescription: String, iconUrl: String, iconBgColor: String, siteIsOnline: Boolean }),
    ...defaults({ siteSkipOnlineCheck: false, ...CHECK_DEFAULTS }),
    ...nullable({ siteOnlineCheckLastRun: Date }),
    siteOnlineCheckHistory: { type: Schema.Types.Mixed, default: [] },
    ...defaults({ siteOfflineNotify: true }),
    ...nullable({ siteAccessRules: Schema.Types.Mixed }),
    ...defaults({ siteIsPinned: false }),
    ...required({ globalSortOrder: Number }),
    ...nullable({ cardData: Schema.Types.Mixed }),
    ...defaults(ASSIST_DEFAULTS),
    siteTodos: { type: Schema.Types.Mixed, default: [] },
    ...defaults({ siteTodosAiEnabled: true }),
    ...nullable({ socialHint: String }),
    ...required({ createdAt: Date, updatedAt: Date }),
  },
  // Timestamps are set by the services, so the cached read model holds exactly what was written.
  { minimize: false },
);
// Each collection of a space is read, replaced and deleted by owner only (its documents by `_id`); every further index
// is work on each insert and delete, doubled on FerretDB by its GIN companion (docs/decisions.md §56, §59).
CardSchema.index({ ownerId: 1, siteIsPinned: -1, globalSortOrder: 1 });

export const CardModel = defineModel<CardDoc>('Card', CardSchema);

/** The fields a card has, in the order they are declared, each with its default (a function for a fresh array). */
const FIELDS: [string, unknown][] = [];
CardSchema.eachPath((name, type) => {
  if (name !== '_id') FIELDS.push([name, (type as unknown as { defaultValue: unknown }).defaultValue]);
});
const DEFAULTS = new Map(FIELDS);
const valueOf = (d: unknown) => (typeof d === 'function' ? (d as () => unknown)() : d);
/** Fields a query asks by value (the check scheduler, by frequency): stored even at their default. */
const ALWAYS_STORED = new Set(['siteOnlineCheckFrequency']);
const isDefault = (value: unknown, d: unknown) =>
  typeof d === 'function' ? Array.isArray(value) && value.length === 0 : value === d;

/**
 * A card document also holds the card's tag memberships, `tags: [{tagId, order}]` (its position in each tag), left
 * out when it has none: a space is then read, deleted and replaced with one document per card instead of two
 * (docs/decisions.md §59). The read model keeps memberships apart (`SpaceSnapshot.membershipsByCard`).
 */
export interface StoredTagRef {
  tagId: string;
  order: number;
}
const TAGS = 'tags';
DEFAULTS.set(TAGS, () => []);

/** A card with the memberships its document holds (what `storedCard` writes and a unit of work diffs). */
export function withTags(
  card: CardDoc,
  memberships: readonly Membership[] = [],
): CardDoc & { tags: StoredTagRef[] } {
  return { ...card, tags: memberships.map((m) => ({ tagId: m.tagId, order: m.order })) };
}

/** The memberships a stored card document names. */
export function storedMemberships(doc: { _id: string; tags?: StoredTagRef[] }): Membership[] {
  return (doc.tags ?? []).map((t) => ({ tagId: t.tagId, cardId: doc._id, order: t.order }));
}

/**
 * A card as it is stored: without the fields that hold their default. FerretDB reads, counts and deletes a document
 * by decoding every field of it, so a site card of 8 named fields instead of 36 costs a third (docs/decisions.md §59).
 */
export function storedCard(card: CardDoc | (CardDoc & { tags: StoredTagRef[] })): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(card)) {
    const d = DEFAULTS.get(key);
    if (value === undefined || (d !== undefined && !ALWAYS_STORED.has(key) && isDefault(value, d))) continue;
    doc[key] = value;
  }
  return doc;
}

/**
 * Inserts new cards with their memberships as stored, in chunks every supported server accepts (seeding; the
 * services write by units).
 */
export async function insertCards(cards: CardDoc[], memberships: readonly Membership[] = []): Promise<void> {
  const byCard = new Map<string, Membership[]>();
  for (const m of memberships) byCard.set(m.cardId, [...(byCard.get(m.cardId) ?? []), m]);
  const docs = cards.map((c) => storedCard(withTags(c, byCard.get(c._id))));
  for (let i = 0; i < docs.length; i += BULK_CHUNK) {
    await CardModel.collection.insertMany(docs.slice(i, i + BULK_CHUNK) as never[]);
  }
}

/** A card as read from the database: every field, the ones its document does not name at their default. */
export function cardFromStored(doc: Partial<CardDoc> & { _id: string }): CardDoc {
  const card: Record<string, unknown> = { _id: doc._id };
  for (const [name, d] of FIELDS) {
    const value = (doc as Record<string, unknown>)[name];
    if (value !== undefined) card[name] = value;
    else if (d !== undefined) card[name] = valueOf(d);
  }
  for (const [key, value] of Object.entries(doc)) if (!(key in card) && key !== TAGS) card[key] = value;
  // Built key by key, the object has gone to V8's dictionary mode (~1.8 KB a card); its copy has fast properties
  // (~0.5 KB) and is quicker to read: this is the object every cached space holds per card.
  return { ...card } as unknown as CardDoc;
}

/** A "related site" link from one card to another. `_id` = `<sourceId>:<targetId>`. */
export interface RelationDoc {
  _id: string;
  ownerId: string;
  sourceId: string;
  targetId: string;
  order: number;
  enabled: boolean;
  source: 'manual' | 'ai';
  reason: string;
  createdAt: Date;
}

const RelationSchema = docSchema<RelationDoc>({
  ...required({ ownerId: String, sourceId: String, targetId: String }),
  ...defaults({ order: 0, enabled: true, source: 'manual', reason: '' }),
  ...required({ createdAt: Date }),
});
RelationSchema.index({ ownerId: 1 });

export const RelationModel = defineModel<RelationDoc>('Relation', RelationSchema);

export function relationId(sourceId: string, targetId: string): string {
  return `${sourceId}:${targetId}`;
}
