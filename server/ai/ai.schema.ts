import { z } from 'zod';
import { DraftAiConfigSchema } from './ai-config';

export const AiCheckSchema = z.object({ _draftAiConfig: DraftAiConfigSchema }).default({});

/** `{query}`, or `{keyword}` as older clients send it. */
export const AiQuerySchema = z
  .object({
    query: z.string().trim().max(500).optional(),
    keyword: z.string().trim().max(500).optional(),
    _draftAiConfig: DraftAiConfigSchema,
  })
  .refine((v) => v.query || v.keyword, { message: 'query is required', path: ['query'] })
  .transform((v) => ({ query: (v.query || v.keyword)!, draft: v._draftAiConfig }));

export type AiQuery = z.infer<typeof AiQuerySchema>;
