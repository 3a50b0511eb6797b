import { z } from 'zod';
import { CardPageSchema } from '#server/navigation/navigation.dto';
import { NoteCardDtoSchema, SocialCardDtoSchema } from '#server/cards/card.dto';
import { TagDtoSchema } from '#server/tags/tag.dto';
import * as cards from '~/routes/api/navigation.cards';
import * as notes from '~/routes/api/navigation.note-cards';
import * as sites from '~/routes/api/navigation.site-cards';
import * as social from '~/routes/api/navigation.social-cards';
import * as tags from '~/routes/api/navigation.tags';
import * as suggest from '~/routes/api/search.suggest';
import { describeArea, describeRoute } from '../describe';
import { CARD, NOTE_CARD, SOCIAL_CARD, TAG } from '../examples';
import { itemsOf } from '../shapes';

const PAGE = { items: [CARD], total: 1, nextCursor: null };

export const navigationArea = describeArea(
  'Navigation',
  'The dashboard’s read side. Visitors (no credentials) see the setup administrator’s space; pages of 12 by default.',
  [
    describeRoute('/api/navigation/cards', cards, {
      GET: {
        summary: 'A page of cards of every kind',
        description:
          'scope=tag with tagId limits to one tag (or __social_cards__ / __note_cards__); q searches.',
        response: CardPageSchema,
        example: { query: { scope: 'tag', tagId: TAG.id, limit: '12' }, response: PAGE },
      },
    }),
    describeRoute('/api/navigation/site-cards', sites, {
      GET: {
        summary: 'A page of website cards',
        response: CardPageSchema,
        example: { query: { q: 'docs' }, response: PAGE },
      },
    }),
    describeRoute('/api/navigation/tags', tags, {
      GET: {
        summary: 'Visible tags, with the virtual social and note tags among them',
        response: itemsOf(TagDtoSchema),
        example: { response: { items: [TAG] } },
      },
    }),
    describeRoute('/api/navigation/social-cards', social, {
      GET: {
        summary: 'Social cards',
        response: itemsOf(SocialCardDtoSchema),
        example: { response: { items: [SOCIAL_CARD] } },
      },
    }),
    describeRoute('/api/navigation/note-cards', notes, {
      GET: {
        summary: 'Note cards',
        response: itemsOf(NoteCardDtoSchema),
        example: { response: { items: [NOTE_CARD] } },
      },
    }),
    describeRoute('/api/search/suggest', suggest, {
      GET: {
        summary: 'Search suggestions',
        description: 'engine: google (default), baidu or local (your cards and tags only).',
        response: itemsOf(z.object({ value: z.string(), kind: z.enum(['site', 'tag', 'query']) })),
        example: {
          query: { q: 'mdn', engine: 'local' },
          response: { items: [{ value: 'MDN Web Docs', kind: 'site' }] },
        },
      },
    }),
  ],
);
