import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { membershipKey } from '../spaces/space.change';
import { deletionChange, planCardDeletion, tagOrderChange, tagSequence } from '../cards/card.store';
import { moveOne, reorderWithin, type Ordered } from '../cards/reorder';
import { VIRTUAL_NOTE_TAG, VIRTUAL_SOCIAL_TAG, VIRTUAL_TAG_IDS } from '../cards/card-kinds.shared';
import { assertQuota } from '../settings/quota';
import {
  compareText,
  getSpace,
  type Membership,
  type SpaceChange,
  type SpaceSnapshot,
} from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { recordDeletion } from '../trash/trash.service';
import { toTag, type TagDto } from './tag.dto';
import type { TagDoc } from './tag.model';
import { RESERVED_TAG_NAMES, type TagCreate, type TagUpdate } from './tag.schema';
import { slugify } from './slug';

/** Where the virtual tags sit before anyone moved them: ahead of every real tag. */
export const VIRTUAL_DEFAULT_ORDER: Record<string, number> = {
  [VIRTUAL_SOCIAL_TAG]: -1_000_000,
  [VIRTUAL_NOTE_TAG]: -999_999,
};

export function virtualOrderOf(space: SpaceSnapshot, id: string): number {
  return space.virtualOrder[id] ?? VIRTUAL_DEFAULT_ORDER[id]!;
}

function requireTag(space: SpaceSnapshot, id: string): TagDoc {
  const tag = space.tagsById.get(id);
  if (!tag) throw notFound('Tag');
  return tag;
}

/** Refuses the names the built-in (virtual) tags use. */
export function assertTagNameAllowed(name: string): void {
  if (RESERVED_TAG_NAMES.includes(name.trim().toLowerCase()) || RESERVED_TAG_NAMES.includes(name.trim())) {
    throw badRequest(`"${name}" is reserved for a built-in tag`);
  }
}

function checkName(space: SpaceSnapshot, name: string, exceptId?: string) {
  assertTagNameAllowed(name);
  const key = name.trim().toLowerCase();
  if (space.tags.some((t) => t._id !== exceptId && t.name.toLowerCase() === key)) {
    throw conflict(`A tag named "${name}" already exists`);
  }
}

/** The caller's real tags, in order. */
export async function listTags(actor: Actor): Promise<TagDto[]> {
  const space = await getSpace(actor.userId);
  return space.tags.map((t) => toTag(t, space));
}

/** A new tag document at `order`; the caller checks the name and the quota. */
export function newTagDoc(ownerId: string, input: TagCreate, order: number): TagDoc {
  const now = new Date();
  const id = `tag-${randomUUID()}`;
  return {
    _id: id,
    ownerId,
    name: input.name,
    slug: slugify(input.name, id),
    order,
    isHidden: input.isHidden ?? false,
    logoUrl: input.logoUrl ?? null,
    logoBgColor: input.logoBgColor ?? null,
    description: input.description ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Creates a tag at the end of the caller's list. */
export async function createTag(actor: Actor, input: TagCreate): Promise<TagDto> {
  const { result: tag, space } = await writeSpace(actor.userId, async (space) => {
    checkName(space, input.name);
    const tag = newTagDoc(actor.userId, input, Math.max(space.maxTagOrder(), -1) + 1);
    const change = { upsertTags: [tag] };
    await assertQuota(space, change);
    return { change, result: tag };
  });
  return toTag(tag, space);
}

/** Changes a tag's name, logo, colour, description or visibility (fields left out stay). */
export async function updateTag(actor: Actor, input: TagUpdate): Promise<TagDto> {
  const { result: updated, space } = await writeSpace(actor.userId, (space) => {
    const tag = requireTag(space, input.id);
    const patch: Partial<TagDoc> = { updatedAt: new Date() };
    if (input.name !== undefined) {
      checkName(space, input.name, tag._id);
      patch.name = input.name;
      patch.slug = slugify(input.name, tag._id);
    }
    if (input.logoUrl !== undefined) patch.logoUrl = input.logoUrl;
    if (input.logoBgColor !== undefined) patch.logoBgColor = input.logoBgColor;
    if (input.description !== undefined) patch.description = input.description;
    if (input.isHidden !== undefined) patch.isHidden = input.isHidden;
    const updated = { ...tag, ...patch };
    return { change: { upsertTags: [updated] }, result: updated };
  });
  return toTag(updated, space);
}

/**
 * Deletes a tag. Its cards stay (they only leave the tag) unless `deleteCards` is set, in which case the cards that
 * belong to this tag go too. Returns a token that undoes the deletion for a while.
 */
export async function deleteTag(
  actor: Actor,
  id: string,
  options: { deleteCards?: boolean } = {},
): Promise<{ undoToken: string; deletedCards: number }> {
  if ((VIRTUAL_TAG_IDS as readonly string[]).includes(id)) {
    throw badRequest('Built-in tags cannot be deleted; delete their cards instead');
  }
  const { result } = await writeSpace(actor.userId, async (space) => {
    const tag = requireTag(space, id);
    const members = space.membershipsByTag.get(id) ?? [];
    const items = options.deleteCards
      ? planCardDeletion(
          space,
          members.map((m) => m.cardId),
        )
      : { tags: [], cards: [], memberships: [], relations: [] };
    // Memberships of this tag go in both cases (and come back on undo).
    const memberKeys = new Set(items.memberships.map((m) => membershipKey(m)));
    for (const m of members) if (!memberKeys.has(membershipKey(m))) items.memberships.push(m);
    items.tags.push(tag);
    const undoToken = await recordDeletion(actor.userId, items);
    return { change: deletionChange(items), result: { undoToken, deletedCards: items.cards.length } };
  });
  return result;
}

/** The tags and virtual tags of a space in display order, as a sequence for reordering. */
function tagOrderSequence(space: SpaceSnapshot): Ordered[] {
  const entries: (Ordered & { name: string })[] = [
    ...space.tags.map((t) => ({ id: t._id, order: t.order, name: t.name })),
    ...VIRTUAL_TAG_IDS.map((id) => ({ id, order: virtualOrderOf(space, id), name: id })),
  ];
  return entries
    .sort((a, b) => a.order - b.order || compareText(a.name, b.name))
    .map(({ id, order }) => ({ id, order }));
}

function tagOrderChanges(space: SpaceSnapshot, changes: Map<string, number>): SpaceChange {
  const virtual: Record<string, number> = {};
  const tags: TagDoc[] = [];
  for (const [id, order] of changes) {
    if ((VIRTUAL_TAG_IDS as readonly string[]).includes(id)) virtual[id] = order;
    else tags.push({ ...space.tagsById.get(id)!, order });
  }
  return { upsertTags: tags, ...(Object.keys(virtual).length ? { virtualOrder: virtual } : {}) };
}

/** Reorders tags; the virtual social/note tags may be among the ids. Ids left out keep their places. */
export async function reorderTags(actor: Actor, ids: string[]): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    const { changes, unknown } = reorderWithin(tagOrderSequence(space), ids);
    if (unknown.length) throw notFound(`Tag ${unknown[0]}`);
    return { change: tagOrderChanges(space, changes), result: undefined };
  });
}

/** Moves a tag one place up or down (the no-JavaScript arrows). */
export async function moveTag(actor: Actor, id: string, direction: 'up' | 'down'): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    const sequence = tagOrderSequence(space);
    const ids = moveOne(sequence, id, direction);
    if (!ids) {
      if (!sequence.some((s) => s.id === id)) throw notFound('Tag');
      return { result: undefined };
    }
    return { change: tagOrderChanges(space, reorderWithin(sequence, ids).changes), result: undefined };
  });
}

/** Reorders the cards inside a tag. Cards left out keep their places. */
export async function reorderCardsInTag(actor: Actor, tagId: string, ids: string[]): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    requireTag(space, tagId);
    const { changes, unknown } = reorderWithin(tagSequence(space, tagId), ids);
    if (unknown.length) throw notFound(`Card ${unknown[0]} in this tag`);
    return { change: tagOrderChange(tagId, changes), result: undefined };
  });
}

/** Moves a card one place up or down inside a tag. */
export async function moveCardInTag(
  actor: Actor,
  tagId: string,
  cardId: string,
  direction: 'up' | 'down',
): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    requireTag(space, tagId);
    const sequence = tagSequence(space, tagId);
    const ids = moveOne(sequence, cardId, direction);
    if (!ids) {
      if (!sequence.some((s) => s.id === cardId)) throw notFound('Card in this tag');
      return { result: undefined };
    }
    return { change: tagOrderChange(tagId, reorderWithin(sequence, ids).changes), result: undefined };
  });
}

/**
 * Puts cards (back) into a tag in the given order, after the cards already in it (the older client's undo of a tag
 * deletion). Unknown or foreign card ids are refused.
 */
export async function restoreTagCards(actor: Actor, tagId: string, ids: string[]): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    requireTag(space, tagId);
    const missing = ids.find((id) => !space.cards.has(id));
    if (missing) throw notFound(`Card ${missing}`);
    const notSite = ids.find((id) => space.cards.get(id)!.cardType);
    if (notSite) throw new AppError('bad_request', 'Only site cards can be put in a tag');
    const existing = new Set((space.membershipsByTag.get(tagId) ?? []).map((m) => m.cardId));
    let next = space.maxOrderInTag(tagId) + 1;
    const added: Membership[] = [];
    for (const cardId of [...new Set(ids)]) {
      if (existing.has(cardId)) continue;
      added.push({ tagId, cardId, order: next++ });
    }
    return { change: { upsertMemberships: added }, result: undefined };
  });
}
