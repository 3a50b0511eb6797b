// The text a card is searched by, for its owner and for visitors (who never match the owner's private fields).
import type { CardDoc } from '../cards/card.model';
import { markdownToText } from '../cards/markdown-text';
import type { SpaceSnapshot } from '../spaces/space.cache';
import type { MatchField } from './navigation.dto';

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

/** A card's searched fields, each normalised; `memo` (notes, AI context, todos) is the owner's alone. */
function cardFields(card: CardDoc): Record<Exclude<MatchField, 'tag'>, string> {
  const data = (card.cardData ?? {}) as Record<string, unknown>;
  // A note's title is its name; a social card's type and QR picture are no text.
  const strings = Object.entries(data).filter(
    (e): e is [string, string] =>
      e[0] !== 'type' && e[0] !== 'qrCodeUrl' && e[0] !== 'title' && typeof e[1] === 'string',
  );
  return {
    name: normalise(card.name),
    url: normalise(card.siteUrl === '#' ? '' : card.siteUrl),
    description: normalise(
      [
        card.siteDescription ?? '',
        card.socialHint ?? '',
        ...strings.filter(([k]) => k !== 'content').map(([, v]) => v),
      ].join('\n'),
    ),
    // A note's Markdown is searched as readers see it, without link targets (linear time: markdown-text.ts).
    note: normalise(
      strings
        .filter(([k]) => k === 'content')
        .map(([, v]) => markdownToText(v))
        .join('\n'),
    ),
    memo: normalise(
      [
        card.siteNotes ?? '',
        card.siteRecommendContext ?? '',
        ...(card.siteTodos ?? []).map((t) => t.text),
      ].join('\n'),
    ),
  };
}

const ownText = new WeakMap<
  CardDoc,
  { fields: ReturnType<typeof cardFields>; owner: string; visitor: string }
>();

function cardText(card: CardDoc) {
  let t = ownText.get(card);
  if (!t) {
    const fields = cardFields(card);
    const shared = [fields.name, fields.url, fields.description, fields.note].join('\n');
    t = { fields, visitor: shared, owner: `${shared}\n${fields.memo}` };
    ownText.set(card, t);
  }
  return t;
}

function tagNames(space: SpaceSnapshot, card: CardDoc, visitor: boolean): string[] {
  return (space.membershipsByCard.get(card._id) ?? [])
    .map((m) => space.tagsById.get(m.tagId))
    .filter((t) => t && (!visitor || !t.isHidden))
    .map((t) => normalise(t!.name));
}

/**
 * Whether every term appears in what a search looks in: name, URL, description, note text, tag names, and the memo
 * notes and todos for the owner. Tag names are looked up only for a term the card's own text lacks (a term has no
 * whitespace, so it never spans two fields).
 */
export function matchesAll(space: SpaceSnapshot, card: CardDoc, terms: string[], visitor: boolean): boolean {
  const own = visitor ? cardText(card).visitor : cardText(card).owner;
  let tags: string | undefined;
  return terms.every(
    (t) => own.includes(t) || (tags ??= tagNames(space, card, visitor).join('\n')).includes(t),
  );
}

/** The fields in which at least one of the terms appears, in the order they are listed to the user. */
export function matchedFields(
  space: SpaceSnapshot,
  card: CardDoc,
  terms: string[],
  visitor: boolean,
): MatchField[] {
  const { fields } = cardText(card);
  const texts: [MatchField, string][] = [
    ['name', fields.name],
    ['url', fields.url],
    ['tag', tagNames(space, card, visitor).join('\n')],
    ['description', fields.description],
    ['note', fields.note],
    ...(visitor ? [] : ([['memo', fields.memo]] as [MatchField, string][])),
  ];
  return texts.filter(([, text]) => terms.some((t) => text.includes(t))).map(([field]) => field);
}
