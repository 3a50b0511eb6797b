// The rows of an archive's data.json (compat §6.2) read through the rules every other write path uses: a card row
// becomes the input of its kind's create schema (site, social or note) and then the document that create builds;
// tags and appearances go through their schemas the same way. Only how the older format spells values is
// translated first: 0/1 booleans, JSON text columns, NULL for "not set". A value those rules refuse is a RowError
// naming the archive's column (docs/decisions.md "Archives are input like any other").
import { z } from 'zod';
import { ThemeAppearanceSchema, type ThemeAppearanceInput } from '../appearance/appearance.schema';
import { THEMES, type Theme } from '../appearance/appearance.shared';
import { cardKind } from '../cards/card-kinds.shared';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import {
  NoteCreateSchema,
  RelatedSiteSchema,
  SiteCreateSchema,
  SocialCreateSchema,
  siteFields,
} from '../cards/card.schema';
import { noteCardDoc } from '../cards/note-card.service';
import { siteCardDoc } from '../cards/site-card.service';
import { socialCardDoc } from '../cards/social-card.service';
import { isAppError } from '../errors';
import { parseJson } from '../parsing/json-bounded';
import { defaultAppearances } from '../appearance/appearance.dto';
import type { TagDoc } from '../tags/tag.model';
import { TagCreateSchema } from '../tags/tag.schema';
import { assertTagNameAllowed, newTagDoc } from '../tags/tag.service';
import type { Row } from './rows';

/** A value of a row that the rules refuse: `field` is the archive's column (with the path inside a JSON column). */
export class RowError extends Error {
  override name = 'RowError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ArchivedTag {
  oldId: string;
  /** The tag as `createTag` would build it (id and owner are set when it is planned). */
  tag: TagDoc;
}

export interface ArchivedCard {
  oldId: string;
  /** The card as its kind's create service would build it (id and owner are set when it is planned). */
  card: CardDoc;
}

/** A tag link, by the archive's ids. */
export interface ArchivedLink {
  cardId: string;
  tagId: string;
  order: number;
}

/** A related-site link, by the archive's ids. */
export type ArchivedRelation = Omit<RelationDoc, '_id' | 'ownerId'>;

/** One theme's look, with the archive's file ids (mapped to the imported files when it is written). */
export interface ArchivedAppearance {
  theme: Theme;
  look: ThemeAppearanceInput &
    Required<Pick<ThemeAppearanceInput, 'logoAssetId' | 'faviconAssetId' | 'isDefault'>> & {
      desktopCardFrosted: number;
      mobileCardFrosted: number;
    };
}

// ---- how the older rows spell values ----

/** SQL NULL is "not set": the schema's default applies. */
const unset = (v: unknown) => (v === null ? undefined : v);
/** Booleans as 0/1; anything else is left for the schema to judge. */
const bit = (v: unknown) => (v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : unset(v));
const num = (v: unknown, d: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : d;
};
const date = (v: unknown, d: Date): Date => {
  const t = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return t && !Number.isNaN(t.getTime()) ? t : d;
};
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

/** A JSON text column (or the value itself when a hand-made file wrote JSON, not text). */
function jsonColumn(r: Row, column: string): unknown {
  const v = r[column];
  if (typeof v !== 'string') return unset(v);
  if (v.trim() === '') return undefined;
  try {
    return parseJson(v, column);
  } catch (err) {
    throw new RowError(column, isAppError(err) ? err.message : 'is not valid JSON');
  }
}

/** The id in the first of `columns` that holds one (a string or a number). */
export function rowId(r: Row, ...columns: string[]): string | null {
  for (const c of columns) {
    const v = str(r[c]);
    if (v) return v;
  }
  return null;
}

function requiredId(r: Row, ...columns: string[]): string {
  const id = rowId(r, ...columns);
  if (!id) throw new RowError(columns[0]!, 'Required');
  return id;
}

/** Parses `input` with `schema`; the first issue becomes a RowError on the column its input key came from. */
function check<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  columns: Record<string, string>,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [head = '', ...rest] = issue.path.map(String);
  throw new RowError([columns[head] ?? head, ...rest].filter(Boolean).join('.'), issue.message);
}

/** A service's 400 (e.g. a social payload) as a RowError; `payload.x` paths name the column `card_data.x`. */
function fromService<T>(column: string, build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (!isAppError(err) || err.status !== 400) throw err;
    const path = Array.isArray(err.details) ? (err.details[0] as { path?: unknown } | undefined)?.path : null;
    const field = typeof path === 'string' ? path.replace(/^payload\b/, column) : column;
    throw new RowError(field, err.message.replace(/^payload\.\w+: /, ''));
  }
}

// ---- tags ----

const TAG_COLUMNS = {
  name: 'name',
  logoUrl: 'logo_url',
  logoBgColor: 'logo_bg_color',
  description: 'description',
  isHidden: 'is_hidden',
};

export function tagFromRow(r: Row, now: Date): ArchivedTag {
  const oldId = requiredId(r, 'id');
  const input = check(
    TagCreateSchema,
    {
      name: unset(r.name),
      logoUrl: r.logo_url,
      logoBgColor: r.logo_bg_color,
      description: r.description,
      isHidden: bit(r.is_hidden),
    },
    TAG_COLUMNS,
  );
  fromService('name', () => assertTagNameAllowed(input.name));
  const tag = newTagDoc('', input, num(r.sort_order, 0));
  return { oldId, tag: { ...tag, createdAt: date(r.created_at, now), updatedAt: date(r.updated_at, now) } };
}

// ---- cards ----

/** The site card schema's fields and the columns they are stored in. */
const SITE_COLUMNS: Record<string, string> = {
  name: 'name',
  siteUrl: 'site_url',
  siteDescription: 'site_description',
  iconUrl: 'icon_url',
  iconBgColor: 'icon_bg_color',
  siteIsPinned: 'site_is_pinned',
  siteSkipOnlineCheck: 'site_skip_online_check',
  siteOnlineCheckFrequency: 'site_online_check_frequency',
  siteOnlineCheckTimeout: 'site_online_check_timeout',
  siteOnlineCheckMatchMode: 'site_online_check_match_mode',
  siteOnlineCheckKeyword: 'site_online_check_keyword',
  siteOnlineCheckFailThreshold: 'site_online_check_fail_threshold',
  siteOfflineNotify: 'site_offline_notify',
  siteAccessRules: 'site_access_rules',
  siteRecommendContext: 'site_recommend_context',
  siteRecommendContextEnabled: 'site_recommend_context_enabled',
  siteRecommendContextAutoGen: 'site_recommend_context_auto_gen',
  siteAiRelationEnabled: 'site_ai_relation_enabled',
  siteRelatedSitesEnabled: 'site_related_sites_enabled',
  siteNotes: 'site_notes',
  siteNotesAiEnabled: 'site_notes_ai_enabled',
  siteTodos: 'site_todos',
  siteTodosAiEnabled: 'site_todos_ai_enabled',
};
const JSON_COLUMNS = new Set(['site_access_rules', 'site_todos']);
const BOOLEAN_FIELDS = new Set([
  'siteIsPinned',
  'siteSkipOnlineCheck',
  'siteOfflineNotify',
  'siteRecommendContextEnabled',
  'siteRecommendContextAutoGen',
  'siteAiRelationEnabled',
  'siteRelatedSitesEnabled',
  'siteNotesAiEnabled',
  'siteTodosAiEnabled',
]);

function siteCard(r: Row): CardDoc {
  const input: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(SITE_COLUMNS)) {
    input[field] = JSON_COLUMNS.has(column)
      ? jsonColumn(r, column)
      : BOOLEAN_FIELDS.has(field)
        ? bit(r[column])
        : unset(r[column]);
  }
  return siteCardDoc('', check(SiteCreateSchema, input, SITE_COLUMNS), 0);
}

const SOCIAL_COLUMNS = {
  cardType: 'card_type',
  label: 'name',
  iconUrl: 'icon_url',
  iconBgColor: 'icon_bg_color',
  hint: 'social_hint',
  payload: 'card_data',
};

function socialCard(r: Row): CardDoc {
  const input = check(
    SocialCreateSchema,
    {
      cardType: r.card_type,
      label: r.name,
      iconUrl: r.icon_url,
      iconBgColor: r.icon_bg_color,
      hint: r.social_hint,
      payload: jsonColumn(r, 'card_data') ?? {},
    },
    SOCIAL_COLUMNS,
  );
  return fromService('card_data', () => socialCardDoc('', input, 0));
}

const NOTE_COLUMNS = {
  title: 'card_data.title',
  content: 'card_data.content',
  iconUrl: 'icon_url',
  iconBgColor: 'icon_bg_color',
};

function noteCard(r: Row): CardDoc {
  const data = jsonColumn(r, 'card_data');
  const note = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const input = check(
    NoteCreateSchema,
    { title: note.title, content: note.content, iconUrl: r.icon_url, iconBgColor: r.icon_bg_color },
    NOTE_COLUMNS,
  );
  return noteCardDoc('', input, 0);
}

const Pinned = z.object({ pinned: siteFields.siteIsPinned.default(false) });
const PINNED = { pinned: 'site_is_pinned' };

/**
 * A card row as the card its kind's create service builds from the same values: a site card from the site
 * fields, a social card from its type, label, hint and payload, a note from its title and content (the stored
 * URL of social cards and notes, `#` or the older MCP's `social://` / `note://`, is not theirs to keep). Order,
 * pinning and times come from the row.
 */
export function cardFromRow(r: Row, now: Date): ArchivedCard {
  const oldId = requiredId(r, 'id');
  const kind = cardKind({ cardType: str(r.card_type) || null });
  const card = kind === 'site' ? siteCard(r) : kind === 'social' ? socialCard(r) : noteCard(r);
  if (kind !== 'site') card.siteIsPinned = check(Pinned, { pinned: bit(r.site_is_pinned) }, PINNED).pinned;
  card.globalSortOrder = num(r.global_sort_order, 0);
  card.createdAt = date(r.created_at, now);
  card.updatedAt = date(r.updated_at, card.createdAt);
  return { oldId, card };
}

// ---- links, relations, appearances ----

export function linkFromRow(r: Row): ArchivedLink {
  return {
    cardId: requiredId(r, 'card_id', 'site_id'),
    tagId: requiredId(r, 'tag_id'),
    order: num(r.sort_order, Number.NaN),
  };
}

const RelationFields = RelatedSiteSchema.pick({ enabled: true, source: true, reason: true });

export function relationFromRow(r: Row, now: Date): ArchivedRelation {
  const fields = check(
    RelationFields,
    { enabled: bit(r.is_enabled), source: unset(r.source), reason: unset(r.reason) },
    { enabled: 'is_enabled', source: 'source', reason: 'reason' },
  );
  return {
    sourceId: requiredId(r, 'source_card_id', 'source_site_id'),
    targetId: requiredId(r, 'target_card_id', 'target_site_id'),
    order: num(r.sort_order, 0),
    ...fields,
    createdAt: date(r.created_at, now),
  };
}

const APPEARANCE_COLUMNS = {
  desktopWallpaperAssetId: 'desktop_wallpaper_asset_id',
  mobileWallpaperAssetId: 'mobile_wallpaper_asset_id',
  fontPreset: 'font_preset',
  fontSize: 'font_size',
  overlayOpacity: 'overlay_opacity',
  textColor: 'text_color',
  logoAssetId: 'logo_asset_id',
  faviconAssetId: 'favicon_asset_id',
  desktopCardFrosted: 'desktop_card_frosted',
  mobileCardFrosted: 'mobile_card_frosted',
  isDefault: 'is_default',
};

/** An appearance row through the appearance schema; what it leaves unset is the theme's default. */
export function appearanceFromRow(r: Row): ArchivedAppearance {
  const theme = r.theme;
  if (!(THEMES as readonly unknown[]).includes(theme))
    throw new RowError('theme', 'Theme must be "light" or "dark"');
  const d = defaultAppearances()[theme as Theme];
  const or = <T>(v: unknown, fallback: T) => (v === undefined || v === null ? fallback : v);
  const look = check(
    ThemeAppearanceSchema,
    {
      desktopWallpaperAssetId: str(r.desktop_wallpaper_asset_id) ?? str(r.wallpaper_asset_id),
      mobileWallpaperAssetId: str(r.mobile_wallpaper_asset_id),
      fontPreset: or(r.font_preset, d.fontPreset),
      fontSize: or(r.font_size, d.fontSize),
      overlayOpacity: or(r.overlay_opacity, d.overlayOpacity),
      textColor: or(r.text_color, d.textColor),
      logoAssetId: str(r.logo_asset_id),
      faviconAssetId: str(r.favicon_asset_id),
      desktopCardFrosted: or(r.desktop_card_frosted ?? r.card_frosted, d.desktopCardFrosted),
      mobileCardFrosted: or(r.mobile_card_frosted ?? r.card_frosted, d.mobileCardFrosted),
      isDefault: or(bit(r.is_default), false),
    },
    APPEARANCE_COLUMNS,
  );
  return {
    theme: theme as Theme,
    look: {
      ...look,
      logoAssetId: look.logoAssetId ?? null,
      faviconAssetId: look.faviconAssetId ?? null,
      desktopCardFrosted: look.desktopCardFrosted ?? d.desktopCardFrosted,
      mobileCardFrosted: look.mobileCardFrosted ?? d.mobileCardFrosted,
      isDefault: look.isDefault ?? false,
    },
  };
}
