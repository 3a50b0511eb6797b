// Planning an import on a space snapshot (inside a unit of work): the modes and matching rules of compat §6.2.
// clean: the space's cards and tags are replaced (only website cards and tags used by nothing else when the
// archive is sites-only); incremental: rows matching an existing tag (case-insensitive name) or card (identity
// key) are skipped; overwrite: matching rows update the existing ones. Rows that match nothing are added: under
// their archived ids when the archive is the owner's own (`reuseIds`, so public links /card/<id> survive) and the id
// is free, else with fresh ids; links, relations, note links (`sakura-site://`) and note todos follow the ids.
import { randomUUID } from 'node:crypto';
import { cardKind, socialTypeMeta } from '../cards/card-kinds.shared';
import type { CardDoc, RelationDoc } from '../cards/card.model';
import type { Membership, SpaceChange, SpaceSnapshot } from '../spaces/space.cache';
import type { TagDoc } from '../tags/tag.model';
import { slugify } from '../tags/slug';
import { assetRefs, remapAssets } from './archive-format';
import type { ArchivedSpace } from './space-read';

export const IMPORT_MODES = ['clean', 'incremental', 'overwrite'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export interface ImportCounts {
  tags: number;
  cards: number;
  updated: number;
  skipped: number;
  relations: number;
}

export interface ImportPlan {
  change: SpaceChange;
  counts: ImportCounts;
  /** Old card id -> the id it has in this space (new, or the card it matched). */
  cardIds: Map<string, string>;
  /** Cards this import wrote (added or overwritten). */
  written: Set<string>;
}

/**
 * The key under which cards match (compat §6.2): websites by URL, social cards by their id field. Unlike the
 * older service, notes match too, by title and content with card and file ids left out (those change with every
 * import), so importing the same archive twice does not duplicate its notes.
 */
export function identityKey(card: Pick<CardDoc, 'cardType' | 'siteUrl' | 'cardData'>): string | null {
  const kind = cardKind(card);
  if (kind === 'site') {
    const url = card.siteUrl
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '');
    return url ? `url:${url}` : null;
  }
  if (kind === 'social') {
    const meta = socialTypeMeta(card.cardType ?? '');
    const value = meta ? card.cardData?.[meta.idField] : undefined;
    if (typeof value !== 'string' || !value) return null;
    return `${card.cardType}:${meta!.idField === 'url' ? value.toLowerCase() : value}`;
  }
  if (kind === 'note') {
    const content = String(card.cardData?.content ?? '')
      .replace(/sakura-site:\/\/[A-Za-z0-9_-]+/g, 'sakura-site://')
      .replace(/asset-[A-Za-z0-9-]+/g, 'asset');
    return `note:${String(card.cardData?.title ?? '')}\n${content}`;
  }
  return null;
}

const byOrder =
  <T>(order: (x: T) => number) =>
  (a: T, b: T) =>
    order(a) - order(b);

/** Icon and logo references to files that are not in the archive are dropped (they would not be ours). */
function dropForeignRef(value: string | null, imported: Set<string>): string | null {
  if (!value) return value;
  const refs = new Set<string>();
  assetRefs(value, refs);
  return [...refs].some((id) => !imported.has(id)) ? null : value;
}

/** Ids this service gives cards and tags; only these are taken over from an archive. */
const OWN_ID = { card: /^(?:card|site)-[0-9a-f-]{36}$/, tag: /^tag-[0-9a-f-]{36}$/ } as const;

/** Archived card and tag ids an import of the owner's own archive may keep (see `planImport`). */
export function reusableIds(data: ArchivedSpace): string[] {
  return [
    ...data.cards.map((c) => c.oldId).filter((id) => OWN_ID.card.test(id)),
    ...data.tags.map((t) => t.oldId).filter((id) => OWN_ID.tag.test(id)),
  ];
}

export function planImport(
  space: SpaceSnapshot,
  data: ArchivedSpace,
  options: {
    mode: ImportMode;
    sitesOnly: boolean;
    assetIds: Map<string, string>;
    /**
     * The archive is the owner's own: rows keep their archived ids, except ids another account's documents hold
     * (`taken`) and, in the merge modes, ids of the owner's cards and tags the import does not replace.
     */
    reuseIds?: { taken: ReadonlySet<string> } | null;
  },
): ImportPlan {
  const { mode, sitesOnly, assetIds } = options;
  const imported = new Set(assetIds.values());
  const owner = space.ownerId;
  const now = new Date();
  const counts: ImportCounts = { tags: 0, cards: 0, updated: 0, skipped: 0, relations: 0 };
  const upsertTags: TagDoc[] = [];
  const upsertCards: CardDoc[] = [];
  const upsertMemberships: Membership[] = [];
  const deleteMemberships = new Set<string>();
  const upsertRelations: RelationDoc[] = [];
  const deleteCards = new Set<string>();
  const deleteTags = new Set<string>();

  if (mode === 'clean') {
    for (const c of space.cards.values()) if (!sitesOnly || cardKind(c) === 'site') deleteCards.add(c._id);
    for (const t of space.tags) {
      const members = space.membershipsByTag.get(t._id) ?? [];
      if (!sitesOnly || members.every((m) => deleteCards.has(m.cardId))) deleteTags.add(t._id);
    }
  }
  for (const list of space.membershipsByCard.values())
    for (const m of list)
      if (deleteCards.has(m.cardId) || deleteTags.has(m.tagId))
        deleteMemberships.add(`${m.tagId}:${m.cardId}`);
  const deleteRelations = [...space.relations()]
    .filter((r) => deleteCards.has(r.sourceId) || deleteCards.has(r.targetId))
    .map((r) => r._id);

  // The archived id when it may be kept (free, not given to another row), else a fresh one.
  const claimed = new Set<string>();
  const idFor = (oldId: string, kind: 'card' | 'tag'): string => {
    const reuse = options.reuseIds;
    const mine = kind === 'card' ? space.cards.has(oldId) : space.tagsById.has(oldId);
    const replaced = kind === 'card' ? deleteCards.has(oldId) : deleteTags.has(oldId);
    if (
      reuse &&
      OWN_ID[kind].test(oldId) &&
      !reuse.taken.has(oldId) &&
      !claimed.has(oldId) &&
      (!mine || replaced)
    ) {
      claimed.add(oldId);
      return oldId;
    }
    return kind === 'card' ? `site-${randomUUID()}` : `tag-${randomUUID()}`;
  };

  // ---- tags ----
  const tagsByName = new Map<string, TagDoc>();
  if (mode !== 'clean') for (const t of space.tags) tagsByName.set(t.name.toLowerCase(), t);
  const tagIds = new Map<string, string>();
  let tagOrder = mode === 'clean' ? 0 : space.maxTagOrder() + 1;
  for (const { oldId, tag } of [...data.tags].sort(byOrder((t) => t.tag.order))) {
    if (tagIds.has(oldId)) continue;
    const fresh: TagDoc = { ...remapAssets(tag, assetIds), _id: '', ownerId: owner };
    fresh.logoUrl = dropForeignRef(fresh.logoUrl, imported);
    const match = tagsByName.get(fresh.name.toLowerCase());
    if (match) {
      tagIds.set(oldId, match._id);
      if (mode === 'overwrite') {
        const next = {
          ...match,
          logoUrl: fresh.logoUrl,
          logoBgColor: fresh.logoBgColor,
          description: fresh.description,
          updatedAt: now,
        };
        upsertTags.push(next);
        tagsByName.set(fresh.name.toLowerCase(), next);
        counts.updated++;
      } else counts.skipped++;
      continue;
    }
    fresh._id = idFor(oldId, 'tag');
    fresh.slug = slugify(tag.name, fresh._id);
    if (mode !== 'clean') fresh.order = tagOrder++;
    upsertTags.push(fresh);
    tagIds.set(oldId, fresh._id);
    if (mode !== 'clean') tagsByName.set(fresh.name.toLowerCase(), fresh);
    counts.tags++;
  }

  // ---- cards ----
  const cardsByKey = new Map<string, CardDoc>();
  if (mode !== 'clean')
    for (const c of space.cards.values()) {
      const key = identityKey(c);
      if (key && !cardsByKey.has(key)) cardsByKey.set(key, c);
    }
  const cardIds = new Map<string, string>();
  const written = new Map<string, CardDoc>();
  const relinked = new Set<string>();
  let order = mode === 'clean' && !sitesOnly ? 0 : space.maxGlobalOrder() + 1;
  for (const { oldId, card } of [...data.cards].sort(byOrder((c) => c.card.globalSortOrder))) {
    if (cardIds.has(oldId)) continue;
    const fresh: CardDoc = { ...remapAssets(card, assetIds), _id: '', ownerId: owner };
    fresh.iconUrl = dropForeignRef(fresh.iconUrl, imported);
    // A clean import reproduces the archive: two archived cards that share a URL stay two cards.
    const key = mode === 'clean' ? null : identityKey(fresh);
    const match = key ? cardsByKey.get(key) : undefined;
    if (match) {
      cardIds.set(oldId, match._id);
      if (mode === 'incremental') {
        counts.skipped++;
        continue;
      }
      const next: CardDoc = {
        ...fresh,
        _id: match._id,
        siteIsOnline: match.siteIsOnline,
        siteOnlineCheckFailCount: match.siteOnlineCheckFailCount,
        siteOnlineCheckLastRun: match.siteOnlineCheckLastRun,
        sitePendingContextGen: match.sitePendingContextGen,
        globalSortOrder: match.globalSortOrder,
        createdAt: match.createdAt,
        updatedAt: now,
      };
      written.set(next._id, next);
      relinked.add(next._id);
      for (const m of space.membershipsByCard.get(match._id) ?? [])
        deleteMemberships.add(`${m.tagId}:${m.cardId}`);
      counts.updated++;
      continue;
    }
    fresh._id = idFor(oldId, 'card');
    if (!(mode === 'clean' && !sitesOnly)) fresh.globalSortOrder = order++;
    cardIds.set(oldId, fresh._id);
    written.set(fresh._id, fresh);
    relinked.add(fresh._id);
    if (key) cardsByKey.set(key, fresh);
    counts.cards++;
  }
  // Note links and note todos point at the cards' ids in this space.
  const mapCard = (id: string) => cardIds.get(id) ?? id;
  for (const card of written.values()) {
    let next = card;
    const content = card.cardData?.content;
    if (typeof content === 'string' && content.includes('sakura-site://')) {
      const swapped = content.replace(
        /sakura-site:\/\/([A-Za-z0-9_-]+)/g,
        (_m, id: string) => `sakura-site://${mapCard(id)}`,
      );
      next = { ...next, cardData: { ...next.cardData, content: swapped } };
    }
    if (next.siteTodos.some((t) => t.noteId))
      next = {
        ...next,
        siteTodos: next.siteTodos.map((t) => (t.noteId ? { ...t, noteId: mapCard(t.noteId) } : t)),
      };
    upsertCards.push(next);
  }

  // ---- memberships (only of cards this import wrote) ----
  const nextInTag = new Map<string, number>();
  const seen = new Set<string>();
  for (const link of [...data.links].sort(byOrder((l) => (Number.isFinite(l.order) ? l.order : 0)))) {
    const cardId = cardIds.get(link.cardId);
    const tagId = tagIds.get(link.tagId);
    if (!cardId || !tagId || !relinked.has(cardId)) continue;
    const key = `${tagId}:${cardId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let position = link.order;
    if (mode !== 'clean' || !Number.isFinite(position)) {
      const start = nextInTag.get(tagId) ?? (deleteTags.has(tagId) ? 0 : space.maxOrderInTag(tagId) + 1);
      position = start;
      nextInTag.set(tagId, start + 1);
    }
    deleteMemberships.delete(key);
    upsertMemberships.push({ tagId, cardId, order: position });
  }

  // ---- relations ----
  const relSeen = new Set<string>();
  for (const r of data.relations) {
    const sourceId = cardIds.get(r.sourceId);
    const targetId = cardIds.get(r.targetId);
    if (!sourceId || !targetId || sourceId === targetId) continue;
    const rel: RelationDoc = {
      _id: `${sourceId}:${targetId}`,
      ownerId: owner,
      sourceId,
      targetId,
      order: r.order,
      enabled: r.enabled,
      source: r.source,
      reason: r.reason,
      createdAt: r.createdAt,
    };
    if (relSeen.has(rel._id)) continue;
    relSeen.add(rel._id);
    const existing = mode === 'clean' ? undefined : space.relation(rel._id);
    if (existing && mode === 'incremental') continue;
    upsertRelations.push(rel);
    counts.relations++;
  }

  // A replaced card or tag that comes back under its own id is written, not deleted (a change deletes after it
  // upserts); its old memberships and relations are in the delete lists already.
  for (const id of claimed) {
    deleteCards.delete(id);
    deleteTags.delete(id);
  }
  return {
    change: {
      upsertTags,
      deleteTags: [...deleteTags],
      upsertCards,
      deleteCards: [...deleteCards],
      upsertMemberships,
      deleteMemberships: [...deleteMemberships],
      upsertRelations,
      deleteRelations,
    },
    counts,
    cardIds,
    written: relinked,
  };
}
