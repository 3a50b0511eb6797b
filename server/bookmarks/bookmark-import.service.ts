// Bookmark import: many site cards (with tags named by folder) in one unit of work, duplicates found by URL key.
import type { Actor } from '../actor';
import { AppError } from '../errors';
import { removeCards } from '../cards/card-delete.service';
import { cardKind } from '../cards/card-kinds.shared';
import type { CardDoc } from '../cards/card.model';
import { SiteCreateSchema, type SiteCreate } from '../cards/card.schema';
import { planSiteCards } from '../cards/site-card.service';
import { TimeSlicer } from '../parsing/time-slice';
import { assertQuota } from '../settings/quota';
import { findOwnSnapshot, takeAutoSnapshot } from '../snapshots/snapshot.service';
import { mergeChanges, type SpaceSnapshot } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import type { TagDoc } from '../tags/tag.model';
import { RESERVED_TAG_NAMES } from '../tags/tag.schema';
import { newTagDoc } from '../tags/tag.service';
import {
  BATCH_MAX_ITEMS,
  ImportDateSchema,
  NewTagsSchema,
  withClientNames,
  type BatchImport,
} from './bookmark.schema';
import { urlKey } from './url-key';

export interface ImportItemError {
  index: number;
  message: string;
}

export interface BatchImportResult {
  ok: true;
  total: number;
  created: number;
  skipped: number;
  updated: number;
  /** Items refused by validation, with why: reported, never dropped silently. */
  invalid: number;
  errors: ImportItemError[];
  /** Both names of the list (compat §7: the server's and the older web UI's). */
  createdCardIds: string[];
  createdSiteIds: string[];
  /** The tags the items named (`newTags`), found or created: where the page links to the imported cards. */
  namedTags: { id: string; name: string }[];
  /** Undoes the deletions of a `clean` or `overwrite` import (POST /api/undo), when there were any. */
  undoToken: string | null;
  /**
   * The automatic snapshot taken before the import (restoring it undoes the whole import, every chunk that named
   * it); null when the import changed nothing.
   */
  snapshotId: string | null;
}

interface ValidItem {
  index: number;
  input: SiteCreate;
  newTags: string[];
  key: string;
  /** When it was bookmarked: the card's creation date. */
  createdAt?: Date;
}

/** Checks each item by the site card schema, a few milliseconds at a time (a batch holds up to 20,000). */
async function validateItems(items: unknown[]): Promise<{ valid: ValidItem[]; errors: ImportItemError[] }> {
  const valid: ValidItem[] = [];
  const errors: ImportItemError[] = [];
  const slicer = new TimeSlicer();
  for (const [index, raw] of items.entries()) {
    await slicer.maybeYield();
    const mapped = withClientNames(raw);
    const site = SiteCreateSchema.safeParse(mapped);
    const extra = mapped as { newTags?: unknown; createdAt?: unknown } | null;
    const tags = NewTagsSchema.safeParse(extra?.newTags);
    const date = ImportDateSchema.safeParse(extra?.createdAt ?? undefined);
    const issue = !site.success
      ? site.error.issues[0]
      : !tags.success
        ? tags.error.issues[0]
        : !date.success
          ? { ...date.error.issues[0]!, path: ['createdAt'] }
          : undefined;
    if (issue || !site.success || !tags.success || !date.success) {
      const field = issue?.path.join('.');
      errors.push({ index, message: `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid item'}` });
      continue;
    }
    valid.push({
      index,
      input: site.data,
      newTags: tags.data,
      key: urlKey(site.data.siteUrl),
      ...(date.data ? { createdAt: date.data } : {}),
    });
  }
  return { valid, errors };
}

/**
 * URL keys of card documents, kept with the URL they were made from. Snapshots share card documents (a change
 * replaces a card rather than editing it), so a chunked import (20 requests into a space of up to 20,000 cards)
 * parses each stored URL once, not once per request.
 */
const keyOfCard = new WeakMap<CardDoc, { url: string; key: string }>();

function cardKey(card: CardDoc): string {
  const known = keyOfCard.get(card);
  if (known?.url === card.siteUrl) return known.key;
  const key = urlKey(card.siteUrl);
  keyOfCard.set(card, { url: card.siteUrl, key });
  return key;
}

/** The URL keys of the owner's site cards, each with the card ids that have it. */
export function siteKeys(space: SpaceSnapshot): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const card of space.cards.values()) {
    if (cardKind(card) !== 'site') continue;
    const key = cardKey(card);
    keys.set(key, [...(keys.get(key) ?? []), card._id]);
  }
  return keys;
}

/** Tag ids for names: an existing tag of that name (any case), else one new tag per name for the whole request. */
function tagResolver(space: SpaceSnapshot, ownerId: string) {
  const byName = new Map(space.tags.map((t) => [t.name.toLowerCase(), t._id]));
  const created: TagDoc[] = [];
  const named = new Map<string, { id: string; name: string }>();
  let order = Math.max(space.maxTagOrder(), -1);
  return {
    created,
    named,
    idFor(name: string): string | null {
      const key = name.trim().toLowerCase();
      if (!key || RESERVED_TAG_NAMES.includes(key) || RESERVED_TAG_NAMES.includes(name.trim())) return null;
      const known = byName.get(key);
      if (known) {
        if (!named.has(known)) named.set(known, { id: known, name: name.trim() });
        return known;
      }
      const tag = newTagDoc(
        ownerId,
        { name: name.trim(), logoUrl: null, logoBgColor: null, description: null },
        ++order,
      );
      created.push(tag);
      named.set(tag._id, { id: tag._id, name: tag.name });
      byName.set(key, tag._id);
      return tag._id;
    },
  };
}

/**
 * Creates site cards from a bookmark import (compat §7). `incremental` skips items whose URL key the owner already
 * has, `overwrite` replaces those cards, `clean` first deletes every site card of the owner; a page repeated within
 * the request becomes one card with the tags of every repeat (counted as skipped), unless `allowDuplicates`. All valid items or none (quota); invalid items are reported.
 */
export async function importSiteCards(actor: Actor, input: BatchImport): Promise<BatchImportResult> {
  if (input.items.length > BATCH_MAX_ITEMS) {
    throw new AppError(
      'payload_too_large',
      `At most ${BATCH_MAX_ITEMS} items per request (got ${input.items.length}); send the rest in another request`,
      { limit: BATCH_MAX_ITEMS, received: input.items.length },
    );
  }
  const { valid, errors } = await validateItems(input.items);
  if (!valid.length) throw new AppError('validation_failed', 'No valid site cards to import', errors);
  const wanted = new Set(valid.map((v) => v.key));
  const snapshotId = await snapshotBefore(actor, input, valid);

  // Deletions go through the one deletion path (undoable); the import then plans against what is left.
  let undoToken: string | null = null;
  let updated = 0;
  if (input.importMode === 'clean' || (input.importMode === 'overwrite' && !input.allowDuplicates)) {
    const removed = await removeCards(actor, (space) =>
      [...space.cards.values()]
        .filter((c: CardDoc) => cardKind(c) === 'site')
        .filter((c) => input.importMode === 'clean' || wanted.has(urlKey(c.siteUrl)))
        .map((c) => c._id),
    );
    if (removed.deleted) undoToken = removed.undoToken;
    if (input.importMode === 'overwrite') updated = removed.deleted;
  }

  const { result: outcome } = await writeSpace(actor.userId, async (space) => {
    const existing = input.allowDuplicates ? new Map<string, string[]>() : siteKeys(space);
    // A page sent twice (a card written once per tag, as bookmark exports do) is one card with the tags of both.
    const firstOf = new Map<string, SiteCreate>();
    const tags = tagResolver(space, actor.userId);
    const inputs: SiteCreate[] = [];
    const dates: (Date | undefined)[] = [];
    const slicer = new TimeSlicer();
    for (const item of valid) {
      await slicer.maybeYield();
      if (!input.allowDuplicates && existing.has(item.key)) continue;
      const named = item.newTags.map((n) => tags.idFor(n)).filter((id): id is string => id !== null);
      const tagIds = [...item.input.tagIds, ...named];
      const first = input.allowDuplicates ? undefined : firstOf.get(item.key);
      if (first) {
        first.tagIds = [...new Set([...first.tagIds, ...tagIds])];
        continue;
      }
      const site = { ...item.input, tagIds: [...new Set(tagIds)] };
      inputs.push(site);
      dates.push(item.createdAt);
      firstOf.set(item.key, site);
    }
    const tagChange = { upsertTags: tags.created };
    // The new tags are planned on the same working copy as the cards (one copy of the space per request).
    const planned = await planSiteCards(space, actor.userId, inputs, tagChange);
    // A bookmark's own date becomes its card's creation date (the cards are new documents of this change).
    const dated = new Map(planned.created.flatMap((c, i) => (dates[i] ? [[c._id, dates[i]!] as const] : [])));
    const parts = planned.parts.map((part) => ({
      ...part,
      upsertCards: (part.upsertCards ?? []).map((c) =>
        dated.has(c._id) ? { ...c, createdAt: dated.get(c._id)! } : c,
      ),
    }));
    await assertQuota(space, mergeChanges(tagChange, ...parts));
    // In parts: 20,000 cards applied to the space in one step held the event loop ~150 ms.
    return {
      change: [tagChange, ...parts],
      result: { ids: planned.created.map((c) => c._id), tags: [...tags.named.values()] },
    };
  });
  const created = outcome.ids;

  return {
    ok: true,
    total: input.items.length,
    created: created.length,
    skipped: valid.length - created.length,
    updated,
    invalid: errors.length,
    errors,
    createdCardIds: created,
    createdSiteIds: created,
    namedTags: outcome.tags,
    undoToken,
    snapshotId,
  };
}

/**
 * The snapshot that undoes this import: the one an earlier chunk of the same import named (`snapshotId`, so a
 * chunked import takes one), else an automatic one taken now, when the import will add or replace a card.
 */
async function snapshotBefore(actor: Actor, input: BatchImport, valid: ValidItem[]): Promise<string | null> {
  if (input.snapshotId) return (await findOwnSnapshot(actor.userId, input.snapshotId))._id;
  const snapshot = await takeAutoSnapshot(actor.userId, 'bookmarks', (space) => {
    if (input.importMode !== 'incremental' || input.allowDuplicates) return true;
    const existing = siteKeys(space);
    return valid.some((v) => !existing.has(v.key));
  });
  return snapshot?.id ?? null;
}
