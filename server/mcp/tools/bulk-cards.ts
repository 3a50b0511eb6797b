import { BULK_MAX_CARDS, BulkCardsSchema } from '../../cards/card-bulk.schema';
import { bulkUpdateCards } from '../../cards/card-bulk.service';
import { tool } from '../mcp.tool';

export const bulkCardTools = [
  tool({
    name: 'bulk_update_cards',
    description:
      `Apply one operation to up to ${BULK_MAX_CARDS} of your cards at once (all or nothing: one unknown id refuses ` +
      'the call). op: move (the cards join tagId and leave fromTagId when given, otherwise every other tag), ' +
      'addTag, removeTag (both with tagId), pin, unpin, delete. Tag operations apply to website cards only; social ' +
      'and note cards are listed in skippedIds. Answers the changed ids and an undoToken (undo within 30 minutes ' +
      'with POST /api/undo).',
    input: BulkCardsSchema,
    write: true,
    run: (actor, input) => bulkUpdateCards(actor, input),
  }),
];
