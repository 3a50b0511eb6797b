import { Schema } from 'mongoose';
import { defineModel } from '../db';

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

const CardSchema = new Schema<CardDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    cardType: { type: String, default: null },
    name: { type: String, required: true },
    siteUrl: { type: String, required: true },
    siteDescription: { type: String, default: null },
    iconUrl: { type: String, default: null },
    iconBgColor: { type: String, default: null },
    siteIsOnline: { type: Boolean, default: null },
    siteSkipOnlineCheck: { type: Boolean, default: false },
    siteOnlineCheckFrequency: { type: String, default: '1d' },
    siteOnlineCheckTimeout: { type: Number, default: 3 },
    siteOnlineCheckMatchMode: { type: String, default: 'status' },
    siteOnlineCheckKeyword: { type: String, default: '' },
    siteOnlineCheckFailThreshold: { type: Number, default: 3 },
    siteOnlineCheckFailCount: { type: Number, default: 0 },
    siteOnlineCheckLastRun: { type: Date, default: null },
    siteOnlineCheckHistory: { type: Schema.Types.Mixed, default: [] },
    siteOfflineNotify: { type: Boolean, default: true },
    siteAccessRules: { type: Schema.Types.Mixed, default: null },
    siteIsPinned: { type: Boolean, default: false },
    globalSortOrder: { type: Number, required: true },
    cardData: { type: Schema.Types.Mixed, default: null },
    siteRecommendContext: { type: String, default: '' },
    siteRecommendContextEnabled: { type: Boolean, default: true },
    siteRecommendContextAutoGen: { type: Boolean, default: true },
    siteAiRelationEnabled: { type: Boolean, default: true },
    siteRelatedSitesEnabled: { type: Boolean, default: true },
    sitePendingContextGen: { type: Boolean, default: false },
    siteNotes: { type: String, default: '' },
    siteNotesAiEnabled: { type: Boolean, default: true },
    siteTodos: { type: Schema.Types.Mixed, default: [] },
    siteTodosAiEnabled: { type: Boolean, default: true },
    socialHint: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  // Timestamps are set by the services, so the cached read model holds exactly what was written.
  { versionKey: false, minimize: false },
);
CardSchema.index({ ownerId: 1, siteIsPinned: -1, globalSortOrder: 1 });
CardSchema.index({ ownerId: 1, cardType: 1 });

export const CardModel = defineModel<CardDoc>('Card', CardSchema);

/** A card's membership in a tag, with its position inside that tag. `_id` = `<tagId>:<cardId>`. */
export interface CardTagDoc {
  _id: string;
  ownerId: string;
  tagId: string;
  cardId: string;
  order: number;
}

const CardTagSchema = new Schema<CardTagDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    tagId: { type: String, required: true },
    cardId: { type: String, required: true },
    order: { type: Number, required: true },
  },
  { versionKey: false },
);
CardTagSchema.index({ ownerId: 1 });
CardTagSchema.index({ tagId: 1, order: 1 });
CardTagSchema.index({ cardId: 1 });

export const CardTagModel = defineModel<CardTagDoc>('CardTag', CardTagSchema);

export function membershipId(tagId: string, cardId: string): string {
  return `${tagId}:${cardId}`;
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

const RelationSchema = new Schema<RelationDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true },
    sourceId: { type: String, required: true },
    targetId: { type: String, required: true },
    order: { type: Number, default: 0 },
    enabled: { type: Boolean, default: true },
    source: { type: String, default: 'manual' },
    reason: { type: String, default: '' },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
RelationSchema.index({ ownerId: 1 });
RelationSchema.index({ sourceId: 1 });
RelationSchema.index({ targetId: 1 });

export const RelationModel = defineModel<RelationDoc>('Relation', RelationSchema);

export function relationId(sourceId: string, targetId: string): string {
  return `${sourceId}:${targetId}`;
}
