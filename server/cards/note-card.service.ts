import type { Actor } from '../actor';
import { assertQuota } from '../settings/quota';
import { getSpace } from '../spaces/space.cache';
import { writeSpace } from '../spaces/space.write';
import { removeCards } from './card-delete.service';
import { newCardDoc } from './card.defaults';
import { toCard, toNoteCard, type CardDto, type NoteCardDto } from './card.dto';
import type { CardDoc } from './card.model';
import type { NoteCreate, NoteUpdate } from './card.schema';
import { patchCard, requireCard } from './card.store';
import { newGlobalOrder, sortedCards, type Placement } from './card.sort';
import { NOTE_TYPE, VIRTUAL_NOTE_TAG } from './card-kinds.shared';
import { planNoteTodos, withNoteTodos } from './note-todos';

export { linkedSiteIds, planNoteTodos } from './note-todos';

const NOTE_COLOUR = '#6366f1';

/** A note's display title: the given title, else the start of its text (compat §1.6). */
export function noteTitle(title: string | null | undefined, content: string): string {
  const given = title?.trim();
  if (given) return given;
  const text = content.trim();
  // Markdown marks and line breaks removed; a heading's leading space too.
  const plain = text.replace(/[#*\r\n]/g, '').trimStart();
  return text.length > 20 ? `${plain.slice(0, 20)}...` : plain.slice(0, 20);
}

/**
 * Brings the todos that notes keep on the site cards they link to up to date (after bulk changes such as a copied
 * or restored space). Returns the ids of site cards that changed.
 */
export async function syncNoteTodos(ownerId: string): Promise<string[]> {
  const { result } = await writeSpace(ownerId, (space) => {
    const change = planNoteTodos(space);
    return { change, result: (change.upsertCards ?? []).map((c) => c._id) };
  });
  return result;
}

/** The caller's note cards in display order. */
export async function listNoteCards(actor: Actor): Promise<NoteCardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, VIRTUAL_NOTE_TAG).map(toNoteCard);
}

/** A new note card document from checked input: title and content trimmed, the display name from them. */
export function noteCardDoc(ownerId: string, input: NoteCreate, globalSortOrder: number): CardDoc {
  const content = input.content.trim();
  return newCardDoc({
    ownerId,
    cardType: NOTE_TYPE,
    name: noteTitle(input.title, content),
    siteUrl: '#',
    iconUrl: input.iconUrl ?? null,
    iconBgColor: input.iconBgColor || NOTE_COLOUR,
    siteSkipOnlineCheck: true,
    cardData: { title: input.title?.trim() ?? '', content },
    globalSortOrder,
  });
}

/** Creates a note card (Markdown) at the end of the global order, or first (`placement`, the pages). */
export async function createNoteCard(
  actor: Actor,
  input: NoteCreate,
  placement: Placement = 'end',
): Promise<{ item: NoteCardDto; affectedCardIds: string[] }> {
  const { result } = await writeSpace(actor.userId, async (space) => {
    const card = noteCardDoc(actor.userId, input, newGlobalOrder(space, placement));
    await assertQuota(space, { upsertCards: [card] });
    const affectedCardIds: string[] = [];
    return {
      ...withNoteTodos({ upsertCards: [card] }, affectedCardIds),
      result: { item: toNoteCard(card), affectedCardIds },
    };
  });
  return result;
}

/** Changes a note (fields left out stay). */
export async function updateNoteCard(
  actor: Actor,
  input: NoteUpdate,
): Promise<{ item: NoteCardDto; card: CardDto; affectedCardIds: string[] }> {
  const { result, space } = await writeSpace(actor.userId, async (space) => {
    const current = requireCard(space, input.id, 'note');
    const data = (current.cardData ?? {}) as { title?: string; content?: string };
    const title = input.title !== undefined ? (input.title?.trim() ?? '') : (data.title ?? '');
    const content = input.content !== undefined ? input.content.trim() : (data.content ?? '');
    const patch: Partial<CardDoc> = { name: noteTitle(title, content), cardData: { title, content } };
    if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
    if (input.iconBgColor !== undefined) patch.iconBgColor = input.iconBgColor || NOTE_COLOUR;
    const updated = patchCard(current, patch);
    await assertQuota(space, { upsertCards: [updated] });
    const affected: string[] = [];
    return { ...withNoteTodos({ upsertCards: [updated] }, affected), result: { updated, affected } };
  });
  return {
    item: toNoteCard(result.updated),
    card: toCard(space.cards.get(result.updated._id) ?? result.updated, space),
    affectedCardIds: result.affected,
  };
}

/** Deletes one note, or all of the caller's notes when no id is given. */
export async function deleteNoteCards(
  actor: Actor,
  id?: string,
): Promise<{ affectedCardIds: string[]; undoToken: string }> {
  const { affectedCardIds, undoToken } = await removeCards(actor, (space) =>
    id ? [requireCard(space, id, 'note')._id] : sortedCards(space, VIRTUAL_NOTE_TAG).map((c) => c._id),
  );
  return { affectedCardIds, undoToken };
}
