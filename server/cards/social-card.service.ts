import type { Actor } from '../actor';
import { badRequest, notFound } from '../errors';
import { commitSpace, getSpace } from '../spaces/space.cache';
import { recordDeletion } from '../trash/trash.service';
import { newCardDoc } from './card.defaults';
import { toCard, toSocialCard, type CardDto, type SocialCardDto } from './card.dto';
import { CardModel, type CardDoc } from './card.model';
import { LinkSchema, type SocialCreate, type SocialUpdate } from './card.schema';
import {
  globalSequence,
  insertCard,
  patchCard,
  planCardDeletion,
  requireCard,
  writeDeletion,
  writeGlobalOrders,
} from './card.store';
import { sortedCards } from './card.sort';
import { reorderWithin } from './reorder';
import { cardKind, socialTypeMeta, VIRTUAL_SOCIAL_TAG } from './card-kinds.shared';

/**
 * The stored payload of a social card: its type, the one identifying field the type needs (required), and a QR
 * image for the types that show one. Other keys are dropped, like the older service did.
 */
function normalisePayload(cardType: string, payload: Record<string, unknown>): Record<string, unknown> {
  const meta = socialTypeMeta(cardType);
  if (!meta) throw badRequest('Unknown social card type');
  const raw = payload[meta.idField];
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!value)
    throw badRequest(`Please fill in the ${meta.label} ${meta.idField}`, [
      { path: `payload.${meta.idField}`, message: 'Required' },
    ]);
  if (meta.idField === 'url' && !LinkSchema.safeParse(value).success) {
    throw badRequest('This kind of URL is not allowed', [{ path: 'payload.url', message: 'Not allowed' }]);
  }
  const out: Record<string, unknown> = { type: cardType, [meta.idField]: value };
  const qr = typeof payload.qrCodeUrl === 'string' ? payload.qrCodeUrl.trim() : '';
  if (meta.qr && qr) {
    if (!LinkSchema.safeParse(qr).success)
      throw badRequest('This kind of URL is not allowed', [
        { path: 'payload.qrCodeUrl', message: 'Not allowed' },
      ]);
    out.qrCodeUrl = qr;
  }
  return out;
}

/** The caller's social cards in display order. */
export async function listSocialCards(actor: Actor): Promise<SocialCardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, VIRTUAL_SOCIAL_TAG).map(toSocialCard);
}

/** Creates a social card at the end of the global order. */
export async function createSocialCard(actor: Actor, input: SocialCreate): Promise<SocialCardDto> {
  const space = await getSpace(actor.userId);
  const meta = socialTypeMeta(input.cardType)!;
  const card = newCardDoc({
    ownerId: actor.userId,
    cardType: input.cardType,
    name: input.label?.trim() || meta.label,
    siteUrl: '#',
    iconUrl: input.iconUrl ?? null,
    iconBgColor: input.iconBgColor || meta.color,
    siteSkipOnlineCheck: true,
    socialHint: input.hint?.trim() || null,
    cardData: normalisePayload(input.cardType, input.payload),
    globalSortOrder: space.maxGlobalOrder() + 1,
  });
  await insertCard(card);
  await commitSpace(actor.userId, { upsertCards: [card] });
  return toSocialCard(card);
}

/** Changes a social card (fields left out stay). */
export async function updateSocialCard(
  actor: Actor,
  input: SocialUpdate,
): Promise<{ item: SocialCardDto; card: CardDto }> {
  const space = await getSpace(actor.userId);
  const current = requireCard(space, input.id, 'social');
  const cardType = input.cardType ?? current.cardType!;
  const meta = socialTypeMeta(cardType)!;
  const patch: Partial<CardDoc> = { cardType };
  if (input.label !== undefined) patch.name = input.label?.trim() || meta.label;
  if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
  if (input.iconBgColor !== undefined) patch.iconBgColor = input.iconBgColor || meta.color;
  if (input.hint !== undefined) patch.socialHint = input.hint?.trim() || null;
  if (input.payload !== undefined || cardType !== current.cardType) {
    patch.cardData = normalisePayload(
      cardType,
      input.payload ?? (current.cardData as Record<string, unknown>) ?? {},
    );
  }
  const updated = await patchCard(current, patch);
  await commitSpace(actor.userId, { upsertCards: [updated] });
  const after = await getSpace(actor.userId);
  return { item: toSocialCard(updated), card: toCard(updated, after) };
}

/** Deletes one social card, or all of the caller's social cards when no id is given. */
export async function deleteSocialCards(
  actor: Actor,
  id?: string,
): Promise<{ undoToken: string; deleted: number }> {
  const space = await getSpace(actor.userId);
  const ids = id
    ? [requireCard(space, id, 'social')._id]
    : sortedCards(space, VIRTUAL_SOCIAL_TAG).map((c) => c._id);
  const items = planCardDeletion(space, ids);
  const undoToken = await recordDeletion(actor.userId, items);
  await writeDeletion(actor.userId, items);
  return { undoToken, deleted: ids.length };
}

/** Reorders social cards (they share the global order with the other cards). */
export async function reorderSocialCards(actor: Actor, ids: string[]): Promise<void> {
  const space = await getSpace(actor.userId);
  const { changes, unknown } = reorderWithin(globalSequence(space), ids);
  if (unknown.length) throw notFound(`Card ${unknown[0]}`);
  await commitSpace(actor.userId, { upsertCards: await writeGlobalOrders(space, changes) });
}

/**
 * A social or note card by id, for anyone: their public page (`/card/[id]`) and `GET /api/social-cards/[id]`.
 * Site cards are not public this way.
 */
export async function getPublicCard(id: string): Promise<{ card: CardDoc; dto: CardDto } | null> {
  const found = await CardModel.findById(id).lean<CardDoc>();
  if (!found || cardKind(found) === 'site') return null;
  const space = await getSpace(found.ownerId);
  const card = space.cards.get(id) ?? found;
  return { card, dto: toCard(card, space, { visitor: true }) };
}
