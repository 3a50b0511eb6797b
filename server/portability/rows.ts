// The rows of `data.json` (compat §6.2) as an export writes them: the older service's SQLite rows with snake_case
// column names, booleans as 0/1 and JSON columns as text. An import reads them with row-read.ts.
import type { AppearanceDoc } from '../appearance/appearance.model';
import type { AssetDoc } from '../assets/asset.model';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { Membership } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';

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
