import type { Actor } from '../actor';
import { notFound } from '../errors';
import { moveCardInTag } from '../tags/tag.service';
import { commitSpace, getSpace, type SpaceChange } from '../spaces/space.cache';
import { recordDeletion } from '../trash/trash.service';
import { newCardDoc } from './card.defaults';
import { toCard, type CardDto } from './card.dto';
import type { CardDoc } from './card.model';
import type { MemoPatch, SiteCreate, SiteUpdate } from './card.schema';
import {
  globalSequence,
  insertCard,
  patchCard,
  planCardDeletion,
  planMemberships,
  requireCard,
  writeDeletion,
  writeGlobalOrders,
  writeMemberships,
  writeRelations,
} from './card.store';
import { moveOne, reorderWithin } from './reorder';
import { isVirtualTag, sortedCards } from './card.sort';
import { cardKind } from './card-kinds.shared';

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
  if ('iconUrl' in input) out.iconUrl = input.iconUrl || null;
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

/** Every card of the caller (all three kinds), pinned first, then in global order. */
export async function listAllCards(actor: Actor): Promise<CardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, 'all').map((c) => toCard(c, space));
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

/** Creates a site card at the end of the global order (and of each of its tags). */
export async function createSiteCard(actor: Actor, input: SiteCreate): Promise<CardDto> {
  const space = await getSpace(actor.userId);
  const card = newCardDoc({
    ownerId: actor.userId,
    name: input.name,
    siteUrl: input.siteUrl,
    globalSortOrder: space.maxGlobalOrder() + 1,
    ...siteFields(input),
  });
  await insertCard(card);
  const change: SpaceChange = { upsertCards: [card] };
  Object.assign(change, await writeMemberships(actor.userId, planMemberships(space, card._id, input.tagIds)));
  await commitSpace(actor.userId, change);
  if (input.siteRelatedSites.length) {
    const withCard = await getSpace(actor.userId);
    await commitSpace(actor.userId, await writeRelations(withCard, card._id, relatedInput(input)));
  }
  const after = await getSpace(actor.userId);
  return toCard(after.cards.get(card._id) ?? card, after);
}

/** Changes a site card; fields left out keep their values, `tagIds` (when given) sets the card's tags exactly. */
export async function updateSiteCard(actor: Actor, input: SiteUpdate): Promise<CardDto> {
  const space = await getSpace(actor.userId);
  const current = requireCard(space, input.id, 'site');
  const updated = await patchCard(current, siteFields(input));
  const change: SpaceChange = { upsertCards: [updated] };
  if (input.tagIds)
    Object.assign(
      change,
      await writeMemberships(actor.userId, planMemberships(space, current._id, input.tagIds)),
    );
  await commitSpace(actor.userId, change);
  if (input.siteRelatedSites) {
    const fresh = await getSpace(actor.userId);
    await commitSpace(actor.userId, await writeRelations(fresh, current._id, relatedInput(input)));
  }
  const after = await getSpace(actor.userId);
  return toCard(after.cards.get(current._id) ?? updated, after);
}

/** Updates a site card's memo: notes and todos and whether AI may read them. */
export async function patchMemo(actor: Actor, input: MemoPatch): Promise<void> {
  const space = await getSpace(actor.userId);
  const current = requireCard(space, input.id, 'site');
  const patch: Partial<CardDoc> = {};
  if (input.siteNotes !== undefined) patch.siteNotes = input.siteNotes;
  if (input.siteNotesAiEnabled !== undefined) patch.siteNotesAiEnabled = input.siteNotesAiEnabled;
  if (input.siteTodos !== undefined) patch.siteTodos = input.siteTodos;
  if (input.siteTodosAiEnabled !== undefined) patch.siteTodosAiEnabled = input.siteTodosAiEnabled;
  const updated = await patchCard(current, patch);
  await commitSpace(actor.userId, { upsertCards: [updated] });
}

/** Deletes one of the caller's cards (any kind). Returns the icon asset the client may clean up and an undo token. */
export async function deleteCard(
  actor: Actor,
  id: string,
): Promise<{ iconAssetId: string | null; undoToken: string }> {
  const space = await getSpace(actor.userId);
  const card = requireCard(space, id);
  const items = planCardDeletion(space, [id]);
  const undoToken = await recordDeletion(actor.userId, items);
  await writeDeletion(actor.userId, items);
  const asset = /^\/api\/assets\/([^/]+)\/file$/.exec(card.iconUrl ?? '')?.[1] ?? null;
  return { iconAssetId: asset, undoToken };
}

/** Reorders cards in the global order; cards left out keep their places. */
export async function reorderGlobal(actor: Actor, ids: string[]): Promise<void> {
  const space = await getSpace(actor.userId);
  const { changes, unknown } = reorderWithin(globalSequence(space), ids);
  if (unknown.length) throw notFound(`Card ${unknown[0]}`);
  await commitSpace(actor.userId, { upsertCards: await writeGlobalOrders(space, changes) });
}

/**
 * Moves a card one place up or down among what the caller sees: inside a tag when `tagId` is given, otherwise in
 * the global order among cards of the same pinned state (pinned cards are always listed first).
 */
export async function moveCard(
  actor: Actor,
  input: { id: string; direction: 'up' | 'down'; tagId?: string },
): Promise<void> {
  const space = await getSpace(actor.userId);
  const card = requireCard(space, input.id);
  if (input.tagId && !isVirtualTag(input.tagId)) {
    await moveCardInTag(actor, input.tagId, input.id, input.direction);
    return;
  }
  // In the global order (and in the social/note views, which list one kind in global order), a card moves past
  // its neighbours of the same kind view and pinned state.
  const sameView = (c: CardDoc) =>
    c.siteIsPinned === card.siteIsPinned && (!input.tagId || cardKind(c) === cardKind(card));
  const sequence = globalSequence(space, sameView);
  const ids = moveOne(sequence, input.id, input.direction);
  if (!ids) return;
  const { changes } = reorderWithin(globalSequence(space), ids);
  await commitSpace(actor.userId, { upsertCards: await writeGlobalOrders(space, changes) });
}

/** Pins or unpins a card. */
export async function setPinned(actor: Actor, id: string, pinned: boolean): Promise<void> {
  const space = await getSpace(actor.userId);
  const card = requireCard(space, id);
  if (card.siteIsPinned === pinned) return;
  await commitSpace(actor.userId, { upsertCards: [await patchCard(card, { siteIsPinned: pinned })] });
}
