import { z } from 'zod';
import { colourField } from '../css/colour.schema';
import { formBoolean, optionalText, requiredName, textError } from '../forms/fields.schema';
import { optionalImageUrl } from '../urls/url.schema';

/** Names the virtual tags use; a real tag may not take them. */
export const RESERVED_TAG_NAMES = ['社交卡片', '笔记卡片', 'social cards', 'note cards'];

export const TagCreateSchema = z.object({
  name: requiredName('Tag name', 40),
  logoUrl: optionalImageUrl(500, 'Logo URL must be at most 500 characters'),
  logoBgColor: colourField(30),
  description: optionalText(200, 'Description must be at most 200 characters'),
  isHidden: formBoolean.optional(),
});
export type TagCreate = z.infer<typeof TagCreateSchema>;

export const TagUpdateSchema = TagCreateSchema.partial().extend({
  id: z.string(textError('Tag id is required')).min(1, 'Tag id is required').max(80),
});
export type TagUpdate = z.infer<typeof TagUpdateSchema>;

export const IdListSchema = z.object({
  ids: z
    .array(z.string().min(1).max(80), { error: 'ids must be a list of ids' })
    .min(1, 'ids must not be empty')
    .max(20_000, 'Too many ids'),
});
export type IdList = z.infer<typeof IdListSchema>;

export const IdQuerySchema = z.object({
  id: z.string(textError('id is required')).min(1, 'id is required').max(80),
});
