import { z } from 'zod';
import { CardDtoSchema } from '../cards/card.dto';

/** Where a search's terms were found in a card (memo: the owner's notes, AI context and todos). */
export const MatchFieldSchema = z.enum(['name', 'url', 'tag', 'description', 'note', 'memo']);
export type MatchField = z.infer<typeof MatchFieldSchema>;

/** A page of the navigation's cards. The schema is the type and the OpenAPI description's source (§39). */
export const CardPageSchema = z.strictObject({
  items: z.array(
    CardDtoSchema.extend({
      matched: z
        .array(MatchFieldSchema)
        .optional()
        .describe('with q: the fields the terms were found in, for the quick launcher'),
    }),
  ),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export type CardPage = z.infer<typeof CardPageSchema>;
