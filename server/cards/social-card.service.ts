import type { Actor } from '../actor';
import { badRequest, notFound } from '../errors';
import { assertQuota } from '../settings/quota';
import { getSpace } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { removeCards } from './card-delete.service';
import { newCardDoc } from './card.defaults';
import { toCard, toSocialCard, type CardDto, type SocialCardDto } from './card.dto';
import { CardModel, cardFromStored, type CardDoc } from './card.model';
import { socialPayloadSchema, type SocialCreate, type SocialUpdate } from './card.schema';
import { globalOrderChange, globalSequence, patchCard, requireCard } from './card.store';
import { newGlobalOrder, sortedCards, type Placement } from './card.sort';
import { reorderWithin } from './reorder';
import { cardKind, defaultSocialName, socialTypeMeta, VIRTUAL_SOCIAL_TAG } from './card-kinds.shared';
import type { Language } from '../language.shared';
import { toVisitorCard } from './visitor-view';

/**
 * The stored payload of a social card: its type, the one identifying field the type needs (required), and a QR
 * image for the types that show one, checked by the schema the editor uses too. Other keys are dropped, like the
 * older service did. A refusal is a 400 naming the payload field.
 */
function normalisePayload(cardType: string, payload: Record<string, unknown>): Record<string, unknown> {
  const meta = socialTypeMeta(cardType);
  if (!meta) throw badRequest('Unknown social card type');
  const checked = socialPayloadSchema(meta).safeParse(payload);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const path = ['payload', ...issue.path.map(String)].join('.');
    throw badRequest(`${path}: ${issue.message}`, [{ path, message: issue.message }]);
  }
  const { qrCodeUrl, ...rest } = checked.data as Record<string, unknown>;
  return { type: cardType, ...rest, ...(qrCodeUrl ? { qrCodeUrl } : {}) };
}

/**
 * A new social card document from checked input: the payload normalised for its type (throws a 400 naming the
 * payload field the type needs), the type's colour and its name in `lang` (the creator's) when none is given.
 */
export function socialCardDoc(
  ownerId: string,
  input: SocialCreate,
  globalSortOrder: number,
  lang?: Language,
): CardDoc {
  const meta = socialTypeMeta(input.cardType)!;
  return newCardDoc({
    ownerId,
    cardType: input.cardType,
    name: input.label?.trim() || defaultSocialName(meta, lang),
    siteUrl: '#',
    iconUrl: input.iconUrl ?? null,
    iconBgColor: input.iconBgColor || meta.color,
    siteSkipOnlineCheck: true,
    socialHint: input.hint?.trim() || null,
    cardData: normalisePayload(input.cardType, input.payload),
    globalSortOrder,
  });
}

/** The caller's social cards in display order. */
export async function listSocialCards(actor: Actor): Promise<SocialCardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, VIRTUAL_SOCIAL_TAG).map(toSocialCard);
}

/**
 * Creates a social card at the end of the global order, or first (`placement`, the pages); without a label it is
 * named after its type in the caller's language (Actor.lang).
 */
export async function createSocialCard(
  actor: Actor,
  input: SocialCreate,
  placement: Placement = 'end',
): Promise<SocialCardDto> {
  // Built before the unit of work: a payload the type refuses is a 400 without queueing.
  const draft = socialCardDoc(actor.userId, input, 0, actor.lang);
  const { result } = await writeSpace(actor.userId, async (space) => {
    const card = { ...draft, globalSortOrder: newGlobalOrder(space, placement) };
    const change = { upsertCards: [card] };
    await assertQuota(space, change);
    return { change, result: card };
  });
  return toSocialCard(result);
}

/** Changes a social card (fields left out stay; a label cleared is the type's name in the caller's language). */
export async function updateSocialCard(
  actor: Actor,
  input: SocialUpdate,
): Promise<{ item: SocialCardDto; card: CardDto }> {
  const { result: updated, space } = await writeSpace(actor.userId, async (space) => {
    const current = requireCard(space, input.id, 'social');
    const cardType = input.cardType ?? current.cardType!;
    const meta = socialTypeMeta(cardType)!;
    const patch: Partial<CardDoc> = { cardType };
    if (input.label !== undefined) patch.name = input.label?.trim() || defaultSocialName(meta, actor.lang);
    if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
    if (input.iconBgColor !== undefined) patch.iconBgColor = input.iconBgColor || meta.color;
    if (input.hint !== undefined) patch.socialHint = input.hint?.trim() || null;
    if (input.payload !== undefined || cardType !== current.cardType) {
      patch.cardData = normalisePayload(
        cardType,
        input.payload ?? (current.cardData as Record<string, unknown>) ?? {},
      );
    }
    const change = { upsertCards: [patchCard(current, patch)] };
    await assertQuota(space, change);
    return { change, result: change.upsertCards[0]! };
  });
  return { item: toSocialCard(updated), card: toCard(updated, space) };
}

/** Deletes one social card, or all of the caller's social cards when no id is given. */
export async function deleteSocialCards(
  actor: Actor,
  id?: string,
): Promise<{ undoToken: string; deleted: number }> {
  const { undoToken, deleted } = await removeCards(actor, (space) =>
    id ? [requireCard(space, id, 'social')._id] : sortedCards(space, VIRTUAL_SOCIAL_TAG).map((c) => c._id),
  );
  return { undoToken, deleted };
}

/** Reorders social cards (they share the global order with the other cards). */
export async function reorderSocialCards(actor: Actor, ids: string[]): Promise<void> {
  await writeSpace(actor.userId, (space) => {
    const { changes, unknown } = reorderWithin(globalSequence(space), ids);
    if (unknown.length) throw notFound(`Card ${unknown[0]}`);
    return { change: globalOrderChange(space, changes), result: undefined };
  });
}

/**
 * A social or note card by id, for anyone: their public page (`/card/[id]`) and `GET /api/social-cards/[id]`.
 * Site cards are not public this way.
 */
export async function getPublicCard(id: string): Promise<{ card: CardDoc; dto: CardDto } | null> {
  const doc = await CardModel.findById(id).lean<CardDoc>();
  const found = doc && cardFromStored(doc);
  if (!found || cardKind(found) === 'site') return null;
  const space = await getSpace(found.ownerId);
  const card = space.cards.get(id) ?? found;
  // Social and note cards have no online status.
  return { card, dto: toVisitorCard(card, space, { onlineStatus: false }) };
}
