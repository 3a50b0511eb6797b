// The input of a bulk edit of cards (docs/decisions.md §67): the one shape of the dashboard's selection bar, the JSON
// API (`POST /api/cards/bulk`) and the MCP tool `bulk_update_cards`. Browser-safe.
import { z } from 'zod';
import { VIRTUAL_TAG_IDS } from './card-kinds.shared';

/** Cards one request may name at most (a dashboard page is 24; "select all" stops here). */
export const BULK_MAX_CARDS = 500;

/**
 * What a bulk edit does to every card it names: `move` (join `tagId`, leave `fromTagId` when given, otherwise every
 * other tag), `addTag`, `removeTag`, `pin`, `unpin`, `delete`.
 */
export const BULK_OPS = ['move', 'addTag', 'removeTag', 'pin', 'unpin', 'delete'] as const;
export type BulkOp = (typeof BULK_OPS)[number];

/** The operations that act on a tag (they need `tagId`, and only site cards have tags). */
export const TAG_OPS: readonly BulkOp[] = ['move', 'addTag', 'removeTag'];

const tagIdField = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine(
    (id) => !(VIRTUAL_TAG_IDS as readonly string[]).includes(id),
    'Cards cannot be put in or taken out of the social or note card tags',
  );

export const BulkCardsSchema = z
  .object({
    ids: z
      .array(z.string().trim().min(1).max(80), { error: 'ids must be a list of card ids' })
      .min(1, 'Select at least one card')
      .max(BULK_MAX_CARDS, `At most ${BULK_MAX_CARDS} cards at once`)
      // The same card named twice is one card (a range selection may overlap a single pick).
      .transform((ids) => [...new Set(ids)]),
    op: z.enum(BULK_OPS, { error: `op must be one of ${BULK_OPS.join(', ')}` }),
    /** The tag of `move`, `addTag` and `removeTag`. */
    tagId: tagIdField.optional(),
    /** For `move`: the tag the cards leave (the one being looked at). Without it they leave every other tag. */
    fromTagId: tagIdField.optional(),
  })
  .refine((v) => !TAG_OPS.includes(v.op) || v.tagId, {
    message: 'Choose a tag',
    path: ['tagId'],
  });
export type BulkCardsInput = z.infer<typeof BulkCardsSchema>;

/** What a bulk edit did: the cards it changed, the ones it left as they were, and the token that undoes it. */
export const BulkCardsResultSchema = z.object({
  ok: z.literal(true),
  op: z.enum(BULK_OPS),
  /** Cards changed (or deleted), in the order given. */
  changedIds: z.array(z.string()),
  /**
   * Cards left as they were because the operation does not apply to them: social and note cards have no real tags,
   * so tag operations skip them. Cards already in the wanted state are neither changed nor skipped.
   */
  skippedIds: z.array(z.string()),
  /** POST it to /api/undo within 30 minutes to undo the whole edit; null when nothing changed. */
  undoToken: z.string().nullable(),
});
export type BulkCardsResult = z.infer<typeof BulkCardsResultSchema>;
