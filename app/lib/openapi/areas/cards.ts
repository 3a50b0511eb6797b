import { z } from 'zod';
import * as notes from '~/routes/api/note-cards';
import * as socialById from '~/routes/api/social-cards.$id';
import * as socialReorder from '~/routes/api/social-cards.reorder';
import * as social from '~/routes/api/social-cards';
import * as undo from '~/routes/api/undo';
import { describeArea, describeRoute, type OperationDoc } from '../describe';
import { CARD, NOTE_CARD, SOCIAL_CARD, UNDO_TOKEN } from '../examples';
import { Card, NoteCard, Ok, SocialCard, itemOf, itemsOf } from '../shapes';

const Affected = z.object({ affectedCardIds: z.array(z.string()) });
const Deleted = Ok.extend({ undoToken: z.string().optional() }).loose();
const reorderDoc: OperationDoc = {
  summary: 'Put your social cards in this order',
  response: Ok,
  example: { body: { ids: [SOCIAL_CARD.id] }, response: { ok: true } },
};

export const cardsArea = describeArea(
  'Social and note cards',
  'Social cards (contact links, QR codes), note cards, and undoing a deletion.',
  [
    describeRoute('/api/social-cards', social, {
      GET: {
        summary: 'Your social cards',
        response: itemsOf(SocialCard),
        example: { response: { items: [SOCIAL_CARD] } },
      },
      POST: {
        summary: 'Create a social card',
        response: itemOf(SocialCard),
        example: {
          body: { cardType: 'email', label: 'Email', payload: { type: 'email', email: 'me@example.com' } },
          response: { item: SOCIAL_CARD },
        },
      },
      PUT: {
        summary: 'Change a social card',
        response: z.object({ item: SocialCard, card: Card }),
        errors: [404],
        example: {
          body: { id: SOCIAL_CARD.id, label: 'Mail' },
          response: {
            item: { ...SOCIAL_CARD, label: 'Mail' },
            card: { ...CARD, id: SOCIAL_CARD.id, cardType: 'email' },
          },
        },
      },
      DELETE: {
        summary: 'Delete a social card (without id: all of them)',
        response: Deleted,
        errors: [404],
        example: { query: { id: SOCIAL_CARD.id }, response: { ok: true, undoToken: UNDO_TOKEN } },
      },
    }),
    describeRoute('/api/social-cards/reorder', socialReorder, {
      POST: reorderDoc,
      PUT: { ...reorderDoc, summary: `${reorderDoc.summary} (PUT)` },
    }),
    describeRoute('/api/social-cards/:id', socialById, {
      GET: {
        summary: 'One social card as anyone may see it',
        response: itemOf(Card),
        errors: [404],
        example: {
          params: { id: SOCIAL_CARD.id },
          response: { item: { ...CARD, id: SOCIAL_CARD.id, cardType: 'email' } },
        },
      },
    }),
    describeRoute('/api/note-cards', notes, {
      GET: {
        summary: 'Your note cards',
        response: itemsOf(NoteCard),
        example: { response: { items: [NOTE_CARD] } },
      },
      POST: {
        summary: 'Create a note card (Markdown; todos link to site cards)',
        response: itemOf(NoteCard).extend(Affected.shape),
        example: {
          body: { title: 'Shopping', content: '- [ ] milk\n- [ ] bread' },
          response: { item: NOTE_CARD, affectedCardIds: [] },
        },
      },
      PUT: {
        summary: 'Change a note card',
        response: z.object({ item: NoteCard, card: Card }).extend(Affected.shape),
        errors: [404],
        example: {
          body: { id: NOTE_CARD.id, content: '- [x] milk' },
          response: {
            item: { ...NOTE_CARD, content: '- [x] milk' },
            card: { ...CARD, id: NOTE_CARD.id, cardType: 'note' },
            affectedCardIds: [],
          },
        },
      },
      DELETE: {
        summary: 'Delete a note card (without id: all of them)',
        response: Deleted.extend(Affected.shape),
        errors: [404],
        example: {
          query: { id: NOTE_CARD.id },
          response: { ok: true, undoToken: UNDO_TOKEN, affectedCardIds: [] },
        },
      },
    }),
    describeRoute('/api/undo', undo, {
      POST: {
        summary: 'Put back what a deletion removed (within 30 minutes)',
        response: Ok.extend({ restored: z.unknown() }),
        errors: [404],
        example: { body: { token: UNDO_TOKEN }, response: { ok: true, restored: { cards: 1, tags: 0 } } },
      },
    }),
  ],
);
