// What a visitor (someone not signed in) may see of a data space: the one projection of cards and tags that every
// public read uses (navigation API, home page, /card/<id>, /api/social-cards/<id>, search). Fields are listed one by
// one, so a field added to the DTOs later is private until it is added here on purpose.
import type { SpaceSnapshot } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';
import type { TagDto } from '../tags/tag.dto';
import { sortedCards } from './card.sort';
import { VIRTUAL_NOTE_TAG, VIRTUAL_SOCIAL_TAG } from './card-kinds.shared';
import type { CardDto, CardTagDto, RelatedSiteDto } from './card.dto';
import { CHECK_DEFAULTS, type CardDoc } from './card.model';

/** Cards a visitor must not see: those in any hidden tag. */
export function hiddenCardIds(space: SpaceSnapshot): Set<string> {
  return space.derive('hiddenCards', () => {
    const out = new Set<string>();
    for (const tag of space.tags) {
      if (!tag.isHidden) continue;
      for (const m of space.membershipsByTag.get(tag._id) ?? []) out.add(m.cardId);
    }
    return out;
  });
}

/** Whether a visitor may see a card of this space. */
export function visitorMaySee(space: SpaceSnapshot): (card: CardDoc) => boolean {
  const hidden = hiddenCardIds(space);
  return (card) => !hidden.has(card._id);
}

function visibleTags(doc: CardDoc, space: SpaceSnapshot): CardTagDto[] {
  const tags: CardTagDto[] = [];
  for (const m of space.membershipsByCard.get(doc._id) ?? []) {
    const tag = space.tagsById.get(m.tagId);
    if (!tag || tag.isHidden) continue;
    tags.push({ id: tag._id, name: tag.name, slug: tag.slug, isHidden: false, sortOrder: m.order });
  }
  return tags.sort(
    (a, b) =>
      space.tagsById.get(a.id)!.order - space.tagsById.get(b.id)!.order || a.name.localeCompare(b.name),
  );
}

/** Related sites a visitor may follow: enabled ones whose target they may see, without the AI's reasons. */
function visibleRelated(doc: CardDoc, space: SpaceSnapshot): RelatedSiteDto[] {
  if (!doc.siteRelatedSitesEnabled) return [];
  const maySee = visitorMaySee(space);
  const out: RelatedSiteDto[] = [];
  for (const r of space.relationsBySource.get(doc._id) ?? []) {
    const target = space.cards.get(r.targetId);
    if (!target || !r.enabled || !maySee(target)) continue;
    out.push({
      cardId: target._id,
      cardName: target.name,
      cardIconUrl: target.iconUrl,
      cardUrl: target.siteUrl,
      enabled: true,
      sortOrder: r.order,
      source: r.source,
      reason: '',
    });
  }
  return out;
}

/**
 * A card as a visitor sees it. The shape stays the older service's `Card` (public clients read it), with the
 * owner's private fields at neutral values: no alternate URLs (they often name the owner's LAN), memo notes or
 * todos, recommendation context, AI or notification settings, online-check details, hidden tags, or related sites
 * the visitor could not open. Whether a site is online is shown only when the administrator lets visitors see it
 * (`onlineStatus`, the `onlineStatusPublic` setting); otherwise the card reads as one that is not checked.
 */
export function toVisitorCard(
  doc: CardDoc,
  space: SpaceSnapshot,
  { onlineStatus }: { onlineStatus: boolean },
): CardDto {
  return {
    id: doc._id,
    name: doc.name,
    siteUrl: doc.siteUrl,
    siteDescription: doc.siteDescription,
    iconUrl: doc.iconUrl,
    iconBgColor: doc.iconBgColor,
    siteIsOnline: onlineStatus ? doc.siteIsOnline : null,
    siteSkipOnlineCheck: onlineStatus ? doc.siteSkipOnlineCheck : true,
    // How the owner checks the site is theirs to know: the API's defaults stand in.
    ...CHECK_DEFAULTS,
    siteOnlineCheckLastRun: null,
    siteOnlineCheckHistory: [],
    siteOfflineNotify: false,
    siteAccessRules: null,
    siteIsPinned: doc.siteIsPinned,
    globalSortOrder: doc.globalSortOrder,
    cardType: doc.cardType,
    cardData: doc.cardData ? JSON.stringify(doc.cardData) : null,
    siteRecommendContext: '',
    siteRecommendContextEnabled: false,
    siteRecommendContextAutoGen: false,
    siteAiRelationEnabled: false,
    siteRelatedSitesEnabled: doc.siteRelatedSitesEnabled,
    sitePendingContextGen: false,
    siteNotes: '',
    siteNotesAiEnabled: false,
    siteTodos: [],
    siteTodosAiEnabled: false,
    socialHint: doc.socialHint,
    tags: visibleTags(doc, space),
    siteRelatedSites: visibleRelated(doc, space),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A tag as a visitor sees it (never a hidden one: callers leave those out); its count is of cards they may see. */
export function toVisitorTag(doc: TagDoc, space: SpaceSnapshot): TagDto {
  return {
    id: doc._id,
    name: doc.name,
    slug: doc.slug,
    sortOrder: doc.order,
    isHidden: false,
    logoUrl: doc.logoUrl,
    logoBgColor: doc.logoBgColor,
    description: doc.description,
    siteCount: visitorTagCounts(space).get(doc._id) ?? 0,
  };
}

/** Cards a visitor sees per tag, memoised per snapshot: every visitor's page shows all of them. */
export function visitorTagCounts(space: SpaceSnapshot): Map<string, number> {
  return space.derive('visitorTagCounts', () => {
    const maySee = visitorMaySee(space);
    const counts = new Map<string, number>();
    for (const id of [...space.tags.map((t) => t._id), VIRTUAL_SOCIAL_TAG, VIRTUAL_NOTE_TAG])
      counts.set(id, sortedCards(space, id).filter(maySee).length);
    return counts;
  });
}
