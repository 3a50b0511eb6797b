import { z } from 'zod';

/** `{cardId}`, or `{siteId}` as older clients send it. */
export const CheckOnlineSingleSchema = z
  .object({
    cardId: z.string().trim().min(1).max(80).optional(),
    siteId: z.string().trim().min(1).max(80).optional(),
  })
  .refine((v) => v.cardId || v.siteId, { message: 'cardId is required', path: ['cardId'] })
  .transform((v) => ({ cardId: (v.cardId ?? v.siteId)! }));
