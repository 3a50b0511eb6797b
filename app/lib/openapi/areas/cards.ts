import { z } from 'zod';
import { CardDtoSchema, NoteCardDtoSchema, SocialCardDtoSchema } from '#server/cards/card.dto';
import { BulkCardsResultSchema } from '#server/cards/card-bulk.schema';
import * as bulk from '~/routes/api/cards.bulk';
import * as notes from '~/routes/api/note-cards';
import * as socialById from '~/routes/api/social-cards.$id';
import * as socialReorder from '~/routes/api/social-cards.reorder';
import * as social from '~/routes/api/social-cards';
import * as undo from '~/routes/api/undo';
import { describeArea, describeRoute, type OperationDoc } from '../describe';
import { CARD, NOTE_CARD, SOCIAL_CARD, TAG, UNDO_TOKEN } from '../examples';
import { cardChangeDoc, cardOf, idListDoc } from '../operations';
import { Ok, itemOf, itemsOf } from '../shapes';

const Deleted = Ok.extend({ undoToken: z.string().optional() }).loose();

/** A note's answers also name the site cards whose todos it changed. */
const withAffected = (doc: OperationDoc): OperationDoc => ({
  ...doc,
  response: (doc.response as z.ZodObject).extend({ affectedCardIds: z.array(z.string()) }),
  example: { ...doc.example, response: { ...(doc.example?.response as object), affectedCardIds: [] } },
});

export const cardsArea = describeArea(
  'Social and note cards',
  'Social cards (contact links, QR codes), note cards, bulk edits of cards of every kind, and undoing a deletion or a bulk edit.',
  [
    describeRoute('/api/social-cards', social, {
      GET: {
        summary: 'Your social cards',
        response: itemsOf(SocialCardDtoSchema),
        example: { response: { items: [SOCIAL_CARD] } },
      },
      POST: {
        summary: 'Create a social card',
        response: itemOf(SocialCardDtoSchema),
        example: {
          body: { cardType: 'email', label: 'Email', payload: { type: 'email', email: 'me@example.com' } },
          response: { item: SOCIAL_CARD },
        },
      },
      PUT: cardChangeDoc('Change a social card', SocialCardDtoSchema, SOCIAL_CARD, 'email', {
        label: 'Mail',
      }),
      DELETE: {
        summary: 'Delete a social card (without id: all of them)',
        response: Deleted,
        errors: [404],
        example: { query: { id: SOCIAL_CARD.id }, response: { ok: true, undoToken: UNDO_TOKEN } },
      },
    }),
    describeRoute(
      '/api/social-cards/reorder',
      socialReorder,
      idListDoc('Put your social cards in this order', [SOCIAL_CARD.id]),
    ),
    describeRoute('/api/social-cards/:id', socialById, {
      GET: {
        summary: 'One social card as anyone may see it',
        response: itemOf(CardDtoSchema),
        errors: [404],
        example: {
          params: { id: SOCIAL_CARD.id },
          response: { item: cardOf(SOCIAL_CARD, 'email') },
        },
      },
    }),
    describeRoute('/api/note-cards', notes, {
      GET: {
        summary: 'Your note cards',
        response: itemsOf(NoteCardDtoSchema),
        example: { response: { items: [NOTE_CARD] } },
      },
      POST: withAffected({
        summary: 'Create a note card (Markdown; todos link to site cards)',
        response: itemOf(NoteCardDtoSchema),
        example: {
          body: { title: 'Shopping', content: '- [ ] milk\n- [ ] bread' },
          response: { item: NOTE_CARD },
        },
      }),
      PUT: withAffected(
        cardChangeDoc('Change a note card', NoteCardDtoSchema, NOTE_CARD, 'note', { content: '- [x] milk' }),
      ),
      DELETE: withAffected({
        summary: 'Delete a note card (without id: all of them)',
        response: Deleted,
        errors: [404],
        example: { query: { id: NOTE_CARD.id }, response: { ok: true, undoToken: UNDO_TOKEN } },
      }),
    }),
    describeRoute('/api/cards/bulk', bulk, {
      POST: {
        summary: 'Move, tag, untag, pin, unpin or delete many cards at once',
        description:
          'Up to 500 card ids (duplicates count once), all or nothing: an unknown id, or another user’s, refuses ' +
          'the whole request with 404 and nothing changes. op is move, addTag, removeTag, pin, unpin or delete. ' +
          'move: the cards join tagId and leave fromTagId when given (the tag being looked at), otherwise every ' +
          'other tag. Tag operations change website cards only; social and note cards are answered in skippedIds. ' +
          'Cards join a tag after its cards, in the order given. One unit of work: another client’s edit of the ' +
          'same cards lands wholly before or after it. The undoToken (POST /api/undo) reverts exactly what ' +
          'changed: deleted cards come back, tags and pins go back to what they were; null when nothing changed.',
        response: BulkCardsResultSchema,
        errors: [404],
        example: {
          body: { ids: [CARD.id, NOTE_CARD.id], op: 'addTag', tagId: TAG.id },
          response: {
            ok: true,
            op: 'addTag',
            changedIds: [CARD.id],
            skippedIds: [NOTE_CARD.id],
            undoToken: UNDO_TOKEN,
          },
        },
      },
    }),
    describeRoute('/api/undo', undo, {
      POST: {
        summary: 'Undo a deletion or a bulk edit of cards (within 30 minutes)',
        response: Ok.extend({ restored: z.unknown() }),
        errors: [404],
        example: { body: { token: UNDO_TOKEN }, response: { ok: true, restored: { cards: 1, tags: 0 } } },
      },
    }),
  ],
);
