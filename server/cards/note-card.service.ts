import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { commitSpace, getSpace, type SpaceSnapshot } from '../spaces/space.cache';
import { recordDeletion } from '../trash/trash.service';
import { newCardDoc } from './card.defaults';
import { toCard, toNoteCard, type CardDto, type NoteCardDto } from './card.dto';
import type { CardDoc, TodoItem } from './card.model';
import type { NoteCreate, NoteUpdate } from './card.schema';
import { insertCard, patchCard, planCardDeletion, requireCard, writeDeletion } from './card.store';
import { sortedCards } from './card.sort';
import { cardKind, NOTE_TYPE, VIRTUAL_NOTE_TAG } from './card-kinds.shared';

const NOTE_COLOUR = '#6366f1';
/** `[text](sakura-site://<cardId>)`: a note linking to one of the owner's site cards. */
const SITE_LINK = /\]\(\s*sakura-site:\/\/([A-Za-z0-9_-]{1,80})\s*\)/g;

/** A note's display title: the given title, else the start of its text (compat §1.6). */
export function noteTitle(title: string | null | undefined, content: string): string {
  const given = title?.trim();
  if (given) return given;
  const text = content.trim();
  // Markdown marks and line breaks removed; a heading's leading space too.
  const plain = text.replace(/[#*\r\n]/g, '').trimStart();
  return text.length > 20 ? `${plain.slice(0, 20)}...` : plain.slice(0, 20);
}

/** Site cards a note links to. */
export function linkedSiteIds(content: string): string[] {
  return [...new Set([...content.matchAll(SITE_LINK)].map((m) => m[1]!))];
}

/**
 * Keeps the todos that notes create on the site cards they link to: one todo per linking note, titled like the
 * note, keeping its id and done state; manual todos stay first. Returns the ids of site cards that changed.
 */
export async function syncNoteTodos(ownerId: string): Promise<string[]> {
  const space = await getSpace(ownerId);
  const refs = new Map<string, CardDoc[]>();
  for (const note of sortedCards(space, VIRTUAL_NOTE_TAG)) {
    const content = String((note.cardData as { content?: unknown } | null)?.content ?? '');
    for (const siteId of linkedSiteIds(content)) {
      const site = space.cards.get(siteId);
      if (!site || cardKind(site) !== 'site') continue;
      refs.set(siteId, [...(refs.get(siteId) ?? []), note]);
    }
  }
  const changed: CardDoc[] = [];
  for (const site of space.cards.values()) {
    if (cardKind(site) !== 'site') continue;
    const notes = refs.get(site._id) ?? [];
    const todos = site.siteTodos ?? [];
    if (notes.length === 0 && !todos.some((t) => t.noteId)) continue;
    const manual = todos.filter((t) => !t.noteId);
    const auto: TodoItem[] = notes.map((note) => {
      const existing = todos.find((t) => t.noteId === note._id);
      return {
        id: existing?.id ?? `note-todo-${randomUUID()}`,
        text: note.name,
        completed: existing?.completed ?? false,
        noteId: note._id,
      };
    });
    const next = [...manual, ...auto];
    if (JSON.stringify(next) !== JSON.stringify(todos))
      changed.push(await patchCard(site, { siteTodos: next }));
  }
  if (changed.length) await commitSpace(ownerId, { upsertCards: changed });
  return changed.map((c) => c._id);
}

/** The caller's note cards in display order. */
export async function listNoteCards(actor: Actor): Promise<NoteCardDto[]> {
  const space = await getSpace(actor.userId);
  return sortedCards(space, VIRTUAL_NOTE_TAG).map(toNoteCard);
}

/** Creates a note card (Markdown) at the end of the global order. */
export async function createNoteCard(
  actor: Actor,
  input: NoteCreate,
): Promise<{ item: NoteCardDto; affectedCardIds: string[] }> {
  const space = await getSpace(actor.userId);
  const content = input.content.trim();
  const card = newCardDoc({
    ownerId: actor.userId,
    cardType: NOTE_TYPE,
    name: noteTitle(input.title, content),
    siteUrl: '#',
    iconUrl: input.iconUrl ?? null,
    iconBgColor: input.iconBgColor || NOTE_COLOUR,
    siteSkipOnlineCheck: true,
    cardData: { title: input.title?.trim() ?? '', content },
    globalSortOrder: space.maxGlobalOrder() + 1,
  });
  await insertCard(card);
  await commitSpace(actor.userId, { upsertCards: [card] });
  const affectedCardIds = await syncNoteTodos(actor.userId);
  return { item: toNoteCard(card), affectedCardIds };
}

/** Changes a note (fields left out stay). */
export async function updateNoteCard(
  actor: Actor,
  input: NoteUpdate,
): Promise<{ item: NoteCardDto; card: CardDto; affectedCardIds: string[] }> {
  const space = await getSpace(actor.userId);
  const current = requireCard(space, input.id, 'note');
  const data = (current.cardData ?? {}) as { title?: string; content?: string };
  const title = input.title !== undefined ? (input.title?.trim() ?? '') : (data.title ?? '');
  const content = input.content !== undefined ? input.content.trim() : (data.content ?? '');
  const patch: Partial<CardDoc> = { name: noteTitle(title, content), cardData: { title, content } };
  if (input.iconUrl !== undefined) patch.iconUrl = input.iconUrl;
  if (input.iconBgColor !== undefined) patch.iconBgColor = input.iconBgColor || NOTE_COLOUR;
  const updated = await patchCard(current, patch);
  await commitSpace(actor.userId, { upsertCards: [updated] });
  const affectedCardIds = await syncNoteTodos(actor.userId);
  const after: SpaceSnapshot = await getSpace(actor.userId);
  return {
    item: toNoteCard(updated),
    card: toCard(after.cards.get(updated._id) ?? updated, after),
    affectedCardIds,
  };
}

/** Deletes one note, or all of the caller's notes when no id is given. */
export async function deleteNoteCards(
  actor: Actor,
  id?: string,
): Promise<{ affectedCardIds: string[]; undoToken: string }> {
  const space = await getSpace(actor.userId);
  const ids = id
    ? [requireCard(space, id, 'note')._id]
    : sortedCards(space, VIRTUAL_NOTE_TAG).map((c) => c._id);
  const items = planCardDeletion(space, ids);
  const undoToken = await recordDeletion(actor.userId, items);
  await writeDeletion(actor.userId, items);
  const affectedCardIds = await syncNoteTodos(actor.userId);
  return { affectedCardIds, undoToken };
}
