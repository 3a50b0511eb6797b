// The todos notes keep on the site cards they link to (`sakura-site://<cardId>`): one per linking note, titled like
// the note, keeping its id and done state; manual todos stay first.
import { randomUUID } from 'node:crypto';
import type { SpaceChange, SpaceSnapshot } from '../spaces/space.cache';
import type { Planned } from '../spaces/space.write';
import type { CardDoc, TodoItem } from './card.model';
import { patchCard } from './card.store';
import { sortedCards } from './card.sort';
import { cardKind, VIRTUAL_NOTE_TAG } from './card-kinds.shared';

/** `[text](sakura-site://<cardId>)`: a note linking to one of the owner's site cards. */
const SITE_LINK = /\]\(\s*sakura-site:\/\/([A-Za-z0-9_-]{1,80})\s*\)/g;

/** Site cards a note links to. */
export function linkedSiteIds(content: string): string[] {
  return [...new Set([...content.matchAll(SITE_LINK)].map((m) => m[1]!))];
}

/** The site cards whose note todos differ from what the space's notes call for, as a change. */
export function planNoteTodos(space: SpaceSnapshot): SpaceChange {
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
    if (JSON.stringify(next) !== JSON.stringify(todos)) changed.push(patchCard(site, { siteTodos: next }));
  }
  return changed.length ? { upsertCards: changed } : {};
}

/**
 * A note change as a unit plans it: the change, then the todo changes it causes on linked sites, planned on the space
 * as the change left it (`followUp`); the ids of the site cards whose todos changed are pushed to `affected`.
 */
export function withNoteTodos(
  change: SpaceChange,
  affected: string[],
): Pick<Planned<unknown>, 'change' | 'followUp'> {
  return {
    change,
    followUp: (space) => {
      const todos = planNoteTodos(space);
      for (const c of todos.upsertCards ?? []) affected.push(c._id);
      return todos;
    },
  };
}
