import { z } from 'zod';
import { textError } from '../forms/fields.schema';
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

/**
 * analyze-site-card: `{url, cardId?, scope}`; older clients send `cardId`, the spec names it `siteId`, and `siteUrl`
 * is accepted for `url` like site creation does. Without a URL the card's own address is analysed.
 */
export const AiAnalyzeSchema = z
  .object({
    url: z.string().max(2000).optional(),
    siteUrl: z.string().max(2000).optional(),
    cardId: z.string().max(100).optional(),
    siteId: z.string().max(100).optional(),
    scope: z.enum(['basic', 'full'], { error: 'scope must be basic or full' }).default('basic'),
    _draftAiConfig: DraftAiConfigSchema,
  })
  .transform((v) => ({
    url: (v.url || v.siteUrl)?.trim() || undefined,
    cardId: v.cardId || v.siteId || undefined,
    scope: v.scope,
    draft: v._draftAiConfig,
  }))
  .refine((v) => v.url || v.cardId, { message: 'url is required', path: ['url'] });

export type AiAnalyzeInput = z.infer<typeof AiAnalyzeSchema>;

/** The most text of a bookmark file the request may carry; the model is shown its first AI_IMPORT_PROMPT_CHARS. */
export const AI_IMPORT_CONTENT_MAX = 2_000_000;
export const AI_IMPORT_PROMPT_CHARS = 30_000;

/** import-bookmarks: `{content, filename?}` (compat §7, §9). */
export const AiImportSchema = z
  .object({
    content: z.string(textError('content is required')).max(AI_IMPORT_CONTENT_MAX),
    filename: z.string().max(300).optional(),
    _draftAiConfig: DraftAiConfigSchema,
  })
  .refine((v) => v.content.trim().length > 0, { message: 'content is required', path: ['content'] })
  .transform((v) => ({ content: v.content, filename: v.filename ?? '', draft: v._draftAiConfig }));

export type AiImportInput = z.infer<typeof AiImportSchema>;
