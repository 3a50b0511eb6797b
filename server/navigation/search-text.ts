// The text a card is searched by, for its owner and for visitors (who never match the owner's private fields).
import type { CardDoc } from '../cards/card.model';
import { markdownToText } from '../cards/markdown-text';
import type { SpaceSnapshot } from '../spaces/space.cache';

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Search terms: whitespace-separated, all of which must appear (case-insensitive, any script, no regex). */
export function searchTerms(q: string | undefined): string[] {
  return normalise(q ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}

const ownText = new WeakMap<CardDoc, { owner: string; visitor: string }>();

function cardText(card: CardDoc): { owner: string; visitor: string } {
  let t = ownText.get(card);
  if (!t) {
    const data = (card.cardData ?? {}) as Record<string, unknown>;
    const shared = [
      card.name,
      card.siteUrl === '#' ? '' : card.siteUrl,
      card.siteDescription ?? '',
      card.socialHint ?? '',
      ...Object.entries(data)
        .filter(([k, v]) => k !== 'type' && k !== 'qrCodeUrl' && typeof v === 'string')
        // A note's Markdown is searched as readers see it, without link targets (linear time: markdown-text.ts).
        .map(([k, v]) => (k === 'content' ? markdownToText(v as string) : (v as string))),
    ].join('\n');
    const privateText = [
      card.siteNotes,
      card.siteRecommendContext,
      ...(card.siteTodos ?? []).map((t) => t.text),
    ].join('\n');
    t = { visitor: normalise(shared), owner: normalise(`${shared}\n${privateText}`) };
    ownText.set(card, t);
  }
  return t;
}

/** The text a search looks in: name, URL, description, memo notes and todos (owner only), note text, tag names. */
export function searchable(space: SpaceSnapshot, card: CardDoc, visitor: boolean): string {
  const base = visitor ? cardText(card).visitor : cardText(card).owner;
  const tagNames = (space.membershipsByCard.get(card._id) ?? [])
    .map((m) => space.tagsById.get(m.tagId))
    .filter((t) => t && (!visitor || !t.isHidden))
    .map((t) => normalise(t!.name));
  return tagNames.length ? `${base}\n${tagNames.join('\n')}` : base;
}
