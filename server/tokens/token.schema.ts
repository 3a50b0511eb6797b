import { z } from 'zod';
import { requiredName } from '../forms/fields.schema';

export const TOKEN_EXPIRY = ['30d', '90d', '1y', 'never'] as const;

export const TokenCreateSchema = z.object({
  name: requiredName('Name', 50),
  expiresIn: z.enum(TOKEN_EXPIRY, { error: 'expiresIn must be one of 30d, 90d, 1y, never' }).default('90d'),
  readOnly: z
    .preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean())
    .optional()
    .default(false),
});
export type TokenCreate = z.infer<typeof TokenCreateSchema>;
