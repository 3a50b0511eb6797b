import { z } from 'zod';

export const SuggestQuerySchema = z.object({
  q: z.string().max(200, 'Search text must be at most 200 characters').default(''),
  engine: z.string().max(40).optional(),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;
