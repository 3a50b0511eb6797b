// The rows of `data.json` (compat §6.2): the older service's SQLite rows with snake_case column names, booleans as
// 0/1 and JSON columns as text. Converting both ways here keeps the file format in one place.
import type { AppearanceDoc } from '../appearance/appearance.model';
import type { AssetDoc } from '../assets/asset.model';
import { newCardDoc } from '../cards/card.defaults';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { Membership } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';
import { slugify } from '../tags/slug';
import { parseJson } from '../parsing/json-bounded';

export type Row = Record<string, unknown>;

const bit = (b: boolean) => (b ? 1 : 0);
const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function tagRow(t: TagDoc): Row {
  return {
    id: t._id,
    name: t.name,
    slug: t.slug,
    sort_order: t.order,
    is_hidden: bit(t.isHidden),
    logo_url: t.logoUrl,
    logo_bg_color: t.logoBgColor,
    description: t.description,
  };
}

/** A card row without the runtime and private columns the older exporter leaves out (online state, search). */
export function cardRow(c: CardDoc): Row {
  return {
    id: c._id,
    name: c.name,
    site_url: c.siteUrl,
    site_description: c.siteDescription,
    icon_url: c.iconUrl,
    icon_bg_color: c.iconBgColor,
    site_skip_online_check: bit(c.siteSkipOnlineCheck),
    site_online_check_frequency: c.siteOnlineCheckFrequency,
    site_online_check_timeout: c.siteOnlineCheckTimeout,
    site_online_check_match_mode: c.siteOnlineCheckMatchMode,
    site_online_check_keyword: c.siteOnlineCheckKeyword,
    site_online_check_fail_threshold: c.siteOnlineCheckFailThreshold,
    site_offline_notify: bit(c.siteOfflineNotify),
    site_access_rules: c.siteAccessRules ? JSON.stringify(c.siteAccessRules) : null,
    site_is_pinned: bit(c.siteIsPinned),
    global_sort_order: c.globalSortOrder,
    card_type: c.cardType,
    card_data: c.cardData ? JSON.stringify(c.cardData) : null,
    site_recommend_context: c.siteRecommendContext,
    site_recommend_context_enabled: bit(c.siteRecommendContextEnabled),
    site_recommend_context_auto_gen: bit(c.siteRecommendContextAutoGen),
    site_ai_relation_enabled: bit(c.siteAiRelationEnabled),
    site_related_sites_enabled: bit(c.siteRelatedSitesEnabled),
    site_notes: c.siteNotes,
    site_notes_ai_enabled: bit(c.siteNotesAiEnabled),
    site_todos: JSON.stringify(c.siteTodos ?? []),
    site_todos_ai_enabled: bit(c.siteTodosAiEnabled),
    social_hint: c.socialHint,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

export function membershipRow(m: Membership): Row {
  return { card_id: m.cardId, tag_id: m.tagId, sort_order: m.order };
}

export function relationRow(r: RelationDoc): Row {
  return {
    id: `rel-${r.sourceId}-${r.targetId}`.slice(0, 200),
    source_card_id: r.sourceId,
    target_card_id: r.targetId,
    sort_order: r.order,
    is_enabled: bit(r.enabled),
    is_locked: 0,
    source: r.source,
    reason: r.reason,
    created_at: iso(r.createdAt),
  };
}

export function appearanceRow(a: AppearanceDoc): Row {
  return {
    theme: a.theme,
    desktop_wallpaper_asset_id: a.desktopWallpaperAssetId,
    mobile_wallpaper_asset_id: a.mobileWallpaperAssetId,
    font_preset: a.fontPreset,
    font_size: a.fontSize,
    overlay_opacity: a.overlayOpacity,
    text_color: a.textColor,
    logo_asset_id: a.logoAssetId,
    favicon_asset_id: a.faviconAssetId,
    desktop_card_frosted: a.desktopCardFrosted,
    mobile_card_frosted: a.mobileCardFrosted,
    is_default: bit(a.isDefault),
  };
}

/** Our own addition (older importers ignore the key): what each file in `assets/` is, so nothing is lost. */
export function assetRow(a: AssetDoc): Row {
  return {
    id: a._id,
    kind: a.kind,
    mime_type: a.mimeType,
    original_name: a.originalName,
    note_id: a.noteId,
    file_size: a.size,
    created_at: iso(a.createdAt),
  };
}

// ---- reading rows (lenient: older files, hand-made files) ----

const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
const num = (v: unknown, d: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : d;
};
const bool = (v: unknown, d: boolean): boolean =>
  v === undefined || v === null ? d : v === true || v === 1 || v === '1' || v === 'true';
const date = (v: unknown, d: Date): Date => {
  const t = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return t && !Number.isNaN(t.getTime()) ? t : d;
};
function json<T>(v: unknown, d: T): T {
  if (v && typeof v === 'object') return v as T;
  if (typeof v !== 'string' || v.trim() === '') return d;
  try {
    return (parseJson(v) as T) ?? d;
  } catch {
    return d;
  }
}

export function rowId(r: Row, ...keys: string[]): string | null {
  for (const k of keys) {
    const v = str(r[k]);
    if (v) return v;
  }
  return null;
}

export function tagFromRow(r: Row, id: string, ownerId: string, now: Date): TagDoc {
  const name = (str(r.name) ?? '').trim().slice(0, 100) || 'Untitled';
  return {
    _id: id,
    ownerId,
    name,
    slug: slugify(name, id),
    order: num(r.sort_order, 0),
    isHidden: bool(r.is_hidden, false),
    logoUrl: str(r.logo_url),
    logoBgColor: str(r.logo_bg_color),
    description: str(r.description),
    createdAt: date(r.created_at, now),
    updatedAt: date(r.updated_at, now),
  };
}

const FREQUENCIES = new Set(['5min', '1h', '1d']);

export function cardFromRow(r: Row, id: string, ownerId: string, now: Date): CardDoc {
  const cardType = str(r.card_type);
  const freq = str(r.site_online_check_frequency) ?? '1d';
  const todos = json<unknown[]>(r.site_todos, []);
  const rules = json<CardDoc['siteAccessRules']>(r.site_access_rules, null);
  return newCardDoc({
    _id: id,
    ownerId,
    cardType: cardType || null,
    name: (str(r.name) ?? '').slice(0, 200) || 'Untitled',
    siteUrl: str(r.site_url) ?? '#',
    siteDescription: str(r.site_description),
    iconUrl: str(r.icon_url),
    iconBgColor: str(r.icon_bg_color),
    siteSkipOnlineCheck: bool(r.site_skip_online_check, false),
    siteOnlineCheckFrequency: (FREQUENCIES.has(freq) ? freq : '1d') as CardDoc['siteOnlineCheckFrequency'],
    siteOnlineCheckTimeout: num(r.site_online_check_timeout, 3),
    siteOnlineCheckMatchMode: str(r.site_online_check_match_mode) === 'keyword' ? 'keyword' : 'status',
    siteOnlineCheckKeyword: str(r.site_online_check_keyword) ?? '',
    siteOnlineCheckFailThreshold: num(r.site_online_check_fail_threshold, 3),
    siteOfflineNotify: bool(r.site_offline_notify, true),
    siteAccessRules: rules && Array.isArray(rules.urls) ? rules : null,
    siteIsPinned: bool(r.site_is_pinned, false),
    globalSortOrder: num(r.global_sort_order, 0),
    cardData: json<Record<string, unknown> | null>(r.card_data, null),
    siteRecommendContext: str(r.site_recommend_context) ?? '',
    siteRecommendContextEnabled: bool(r.site_recommend_context_enabled, true),
    siteRecommendContextAutoGen: bool(r.site_recommend_context_auto_gen, true),
    siteAiRelationEnabled: bool(r.site_ai_relation_enabled, true),
    siteRelatedSitesEnabled: bool(r.site_related_sites_enabled, true),
    siteNotes: str(r.site_notes) ?? '',
    siteNotesAiEnabled: bool(r.site_notes_ai_enabled, true),
    siteTodos: Array.isArray(todos) ? (todos as CardDoc['siteTodos']) : [],
    siteTodosAiEnabled: bool(r.site_todos_ai_enabled, true),
    socialHint: str(r.social_hint),
    createdAt: date(r.created_at, now),
    updatedAt: date(r.updated_at, now),
  });
}

export function relationFromRow(
  r: Row,
  sourceId: string,
  targetId: string,
  ownerId: string,
  now: Date,
): RelationDoc {
  return {
    _id: `${sourceId}:${targetId}`,
    ownerId,
    sourceId,
    targetId,
    order: num(r.sort_order, 0),
    enabled: bool(r.is_enabled, true),
    source: str(r.source) === 'ai' ? 'ai' : 'manual',
    reason: str(r.reason) ?? '',
    createdAt: date(r.created_at, now),
  };
}

const FONTS = new Set(['grotesk', 'serif', 'balanced']);

export function appearanceFromRow(
  r: Row,
  ownerId: string,
  mapAsset: (id: string | null) => string | null,
): AppearanceDoc | null {
  const theme = str(r.theme);
  if (theme !== 'light' && theme !== 'dark') return null;
  const font = str(r.font_preset) ?? '';
  return {
    _id: `${ownerId}:${theme}`,
    ownerId,
    theme,
    desktopWallpaperAssetId: mapAsset(str(r.desktop_wallpaper_asset_id) ?? str(r.wallpaper_asset_id)),
    mobileWallpaperAssetId: mapAsset(str(r.mobile_wallpaper_asset_id)),
    fontPreset: (FONTS.has(font) ? font : 'balanced') as AppearanceDoc['fontPreset'],
    fontSize: num(r.font_size, 16),
    overlayOpacity: num(r.overlay_opacity, theme === 'light' ? 0.72 : 0.62),
    textColor: str(r.text_color) ?? (theme === 'light' ? '#18212f' : '#f3f6ff'),
    logoAssetId: mapAsset(str(r.logo_asset_id)),
    faviconAssetId: mapAsset(str(r.favicon_asset_id)),
    desktopCardFrosted: num(r.desktop_card_frosted ?? r.card_frosted, theme === 'light' ? 100 : 0),
    mobileCardFrosted: num(r.mobile_card_frosted ?? r.card_frosted, theme === 'light' ? 100 : 0),
    isDefault: ownerId === '__admin__' ? bool(r.is_default, false) : false,
    updatedAt: new Date(),
  };
}
