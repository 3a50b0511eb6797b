import type { Actor } from '../actor';
import { notFound } from '../errors';
import { checkSoon } from '../online-check/check-on-save';
import { moveCardInTag } from '../tags/tag.service';
import { assertQuota } from '../settings/quota';
import { getSpace, mergeChanges, type SpaceChange, type SpaceSnapshot } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { newCardDoc } from './card.defaults';
import { toCard, type CardDto } from './card.dto';
import type { CardDoc } from './card.model';
import type { MemoPatch, SiteCreate, SiteUpdate } from './card.schema';
import {
  globalOrderChange,
  globalSequence,
  membershipChange,
  patchCard,
  planMemberships,
  planRelations,
  requireCard,
} from './card.store';
import { moveOne, reorderWithin } from './reorder';
import { isVirtualTag, newGlobalOrder, sortedCards, type Placement } from './card.sort';
import { cardKind } from './card-kinds.shared';
import { iconServiceHost, siteIconSrc } from '../site-icons/icon-src.shared';
import { TimeSlicer } from '../parsing/time-slice';

const ownIconUrl = (v: string | null) => {
  const host = v ? iconServiceHost(v) : null;
  return host ? siteIconSrc(host) : v;
};

export { deleteCard } from './card-delete.service';
export { listAllCards } from './card-view.service';

/** The fields of a site card the create/update input sets directly. */
function siteFields(input: Partial<SiteCreate>): Partial<CardDoc> {
  const out: Partial<CardDoc> = {};
  const copy = [
    'name',
    'siteUrl',
    'siteIsPinned',
    'siteSkipOnlineCheck',
    'siteOnlineCheckFrequency',
    'siteOnlineCheckTimeout',
    'siteOnlineCheckMatchMode',
    'siteOnlineCheckKeyword',
    'siteOnlineCheckFailThreshold',
    'siteOfflineNotify',
    'siteAccessRules',
    'siteRecommendContext',
    'siteRecommendContextEnabled',
    'siteRecommendContextAutoGen',
    'siteAiRelationEnabled',
    'siteRelatedSitesEnabled',
    'siteNotes',
    'siteNotesAiEnabled',
    'siteTodos',
    'siteTodosAiEnabled',
  ] as const;
  for (const key of copy) if (input[key] !== undefined) (out as Record<string, unknown>)[key] = input[key];
  // Like the older service: an empty description is "", empty icon fields are null.
  if ('siteDescription' in input) out.siteDescription = input.siteDescription || '';
  // An icon service's address for a domain (favicon.im and the like, as the older service prefilled) is stored as
  // our own icon address: visitors' browsers then ask no third party (server/site-icons).
  if ('iconUrl' in input) out.iconUrl = ownIconUrl(input.iconUrl || null);
  if ('iconBgColor' in input) out.iconBgColor = input.iconBgColor || null;
  return out;
}

function relatedInput(input: Partial<SiteCreate>) {
  return (input.siteRelatedSites ?? []).map((r) => ({
    cardId: r.cardId,
    enabled: r.enabled,
    source: r.source,
    reason: r.reason,
  }));
}

/** The caller's site cards as `{id, name, url}`, in display order: for pickers (related sites, note links). */
export async function listSiteChoices(actor: Actor): Promise<{ id: string; name: string; url: string }[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, 'all')
    .filter((c) => cardKind(c) === 'site')
    .map((c) => ({ id: c._id, name: c.name, url: c.siteUrl }));
}

/** One of the caller's cards. */
export async function getCard(actor: Actor, id: string): Promise<CardDto> {
  const space = await getSpace(actor.userId);
  return toCard(requireCard(space, id), space);
}

/** A new site card document from checked input (tags and related sites are planned separately). */
export function siteCardDoc(ownerId: string, input: SiteCreate, globalSortOrder: number): CardDoc {
  return newCardDoc({
    ownerId,
    name: input.name,
    siteUrl: input.siteUrl,
    globalSortOrder,
    ...siteFields(input),
  });
}

/**
 * The change that creates one site card: first in `space` and in its tags (a card added by hand), or after
 * everything (`end`: a batch, in its own order; `space` already holds the batch's earlier cards).
 */
function planSiteCard(
  space: SpaceSnapshot,
  ownerId: string,
  input: SiteCreate,
  placement: Placement,
): { card: CardDoc; change: SpaceChange } {
  const card = siteCardDoc(ownerId, input, newGlobalOrder(space, placement));
  const change: SpaceChange = { upsertCards: [card] };
  const withCard = mergeChanges(
    change,
    membershipChange(planMemberships(space, card._id, input.tagIds, placement)),
  );
  if (!input.siteRelatedSites.length) return { card, change: withCard };
  // Related sites are planned against the space with the new card in it (a reverse link needs the card).
  const preview = space.toDraft();
  preview.apply({ upsertCards: [card] });
  return { card, change: mergeChanges(withCard, planRelations(preview, card._id, relatedInput(input))) };
}

/** Creates a site card at the end of the global order and of its tags, or first (`placement`, the pages). */
export async function createSiteCard(
  actor: Actor,
  input: SiteCreate,
  placement: Placement = 'end',
): Promise<CardDto> {
  const { result: card, space } = await writeSpace(actor.userId, async (space) => {
    const { card, change } = planSiteCard(space, actor.userId, input, placement);
    await assertQuota(space, change);
    return { change, result: card };
  });
  checkSoon(actor.userId, [card]);
  return toCard(space.cards.get(card._id) ?? card, space);
}

/**
 * The change that creates `items` as site cards at the end of `space` (in input order), planned on a draft a few
 * milliseconds at a time (an import plans up to 20,000; the unit of work holds the space meanwhile).
 */
export async function planSiteCards(
  space: SpaceSnapshot,
  ownerId: string,
  items: SiteCreate[],
  /** A change planned before the cards (new tags they use): applied to the working copy, not returned. */
  before?: SpaceChange,
): Promise<{ change: SpaceChange; parts: SpaceChange[]; created: CardDoc[] }> {
  const work = space.toDraft();
  if (before) work.apply(before);
  const created: CardDoc[] = [];
  const parts: SpaceChange[] = [];
  let changes: SpaceChange[] = [];
  const slicer = new TimeSlicer();
  for (const input of items) {
    await slicer.maybeYield();
    const { card, change } = planSiteCard(work, ownerId, input, 'end');
    work.apply(change);
    created.push(card);
    changes.push(change);
    if (changes.length === PART_CARDS) {
      parts.push(mergeChanges(...changes));
      changes = [];
    }
  }
  if (changes.length) parts.push(mergeChanges(...changes));
  return { change: mergeChanges(...parts), parts, created };
}

/** Cards per part of a large change (the unit of work applies one part per turn of the event loop). */
const PART_CARDS = 1_000;

/**
 * Creates many site cards in one unit of work: one round of bulk writes per chunk and one commit, in input order at
 * the end of the global order. All or nothing for the quota; the bookmark import builds on planSiteCards.
 */
export async function createSiteCards(actor: Actor, items: SiteCreate[]): Promise<CardDto[]> {
  const { result: cards, space } = await writeSpace(actor.userId, async (space) => {
    const { change, created } = await planSiteCards(space, actor.userId, items);
    await assertQuota(space, change);
    return { change, result: created };
  });
  checkSoon(actor.userId, cards);
  return cards.map((c) => toCard(space.cards.get(c._id) ?? c, space));
}

/** A saved card is checked again when its URL changed or its checks were switched back on (like the older service). */
const needsRecheck = (before: CardDoc, after: CardDoc) =>
  before.siteUrl !== after.siteUrl || (before.siteSkipOnlineCheck && !after.siteSkipOnlineCheck);

/**
 * Changes a site card; fields left out keep their values, `tagIds` (when given) sets the card's tags exactly (a tag
 * it joins gets it at the end, or first: `placement`).
 */
export async function updateSiteCard(
  actor: Actor,
  input: SiteUpdate,
  placement: Placement = 'end',
): Promise<CardDto> {
  const { result, space } = await writeSpace(actor.userId, async (space) => {
    const current = requireCard(space, input.id, 'site');
    const updated = patchCard(current, siteFields(input));
    let change: SpaceChange = { upsertCards: [updated] };
    if (input.tagIds)
      change = mergeChanges(
        change,
        membershipChange(planMemberships(space, current._id, input.tagIds, placement)),
      );
    if (input.siteRelatedSites)
      change = mergeChanges(change, planRelations(space, current._id, relatedInput(input)));
    await assertQuota(space, change);
    return { change, result: { id: current._id, recheck: needsRecheck(current, updated) } };
  });
  const { id, recheck } = result;
  if (recheck) checkSoon(actor.userId, [space.cards.get(id)!]);
  return toCard(space.cards.get(id)!, space);
}

/** Updates a site card's memo: notes and todos and whether AI may read them. */
export async function patchMemo(actor: Actor, input: MemoPatch): Promise<void> {
  await writeSpace(actor.userId, async (space) => {
    const current = requireCard(space, input.id, 'site');
    const patch: Partial<CardDoc> = {};
    if (input.siteNotes !== undefined) patch.siteNotes = input.siteNotes;
    if (input.siteNotesAiEnabled !== undefined) patch.siteNotesAiEnabled = input.siteNotesAiEnabled;
    if (input.siteTodos !== undefined) patch.siteTodos = input.siteTodos;
    if (input.siteTodosAiEnabled !== undefined) patch.siteTodosAiEnabled = input.siteTodosAiEnabled;
    const change = { upsertCards: [patchCard(current, patch)] };
    await assertQuota(space, change);
    return { change, result: undefined };
  });
}

/** Reorders cards in the global order; cards left out keep their places. */
export async function reorderGlobal(actor: Actor, ids: string[]): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    const { changes, unknown } = reorderWithin(globalSequence(space), ids);
    if (unknown.length) throw notFound(`Card ${unknown[0]}`);
    return { change: globalOrderChange(space, changes), result: undefined };
  });
}

/**
 * Moves a card one place up or down among what the caller sees: inside a tag when `tagId` is given, otherwise in
 * the global order among cards of the same pinned state (pinned cards are always listed first).
 */
export async function moveCard(
  actor: Actor,
  input: { id: string; direction: 'up' | 'down'; tagId?: string },
): Promise<void> {
  if (input.tagId && !isVirtualTag(input.tagId)) {
    requireCard(await getSpace(actor.userId), input.id);
    await moveCardInTag(actor, input.tagId, input.id, input.direction);
    return;
  }
  await writeSpace(actor.userId, (space) => {
    const card = requireCard(space, input.id);
    // In the global order (and in the social/note views, which list one kind in global order), a card moves past
    // its neighbours of the same kind view and pinned state.
    const sameView = (c: CardDoc) =>
      c.siteIsPinned === card.siteIsPinned && (!input.tagId || cardKind(c) === cardKind(card));
    const ids = moveOne(globalSequence(space, sameView), input.id, input.direction);
    if (!ids) return { result: undefined };
    const { changes } = reorderWithin(globalSequence(space), ids);
    return { change: globalOrderChange(space, changes), result: undefined };
  });
}

/** Pins or unpins a card. */
export async function setPinned(actor: Actor, id: string, pinned: boolean): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    const card = requireCard(space, id);
    if (card.siteIsPinned === pinned) return { result: undefined };
    return { change: { upsertCards: [patchCard(card, { siteIsPinned: pinned })] }, result: undefined };
  });
}
