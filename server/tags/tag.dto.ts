import { z } from 'zod';
import type { SpaceSnapshot } from '../spaces/space.cache';
import type { TagDoc } from './tag.model';

/** A tag as its owner sees it; visitors get `toVisitorTag` (server/cards/visitor-view.ts), the same shape. The schema
 * is the type and the OpenAPI description's source (docs/decisions.md §39). */
export const TagDtoSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  sortOrder: z.number(),
  isHidden: z.boolean(),
  logoUrl: z.string().nullable(),
  logoBgColor: z.string().nullable(),
  description: z.string().nullable(),
  siteCount: z.number().describe('how many cards it holds (for a visitor: the ones they may see)'),
});
export type TagDto = z.infer<typeof TagDtoSchema>;

export function toTag(doc: TagDoc, space: SpaceSnapshot): TagDto {
  return {
    id: doc._id,
    name: doc.name,
    slug: doc.slug,
    sortOrder: doc.order,
    isHidden: doc.isHidden,
    logoUrl: doc.logoUrl,
    logoBgColor: doc.logoBgColor,
    description: doc.description,
    siteCount: space.membershipsByTag.get(doc._id)?.length ?? 0,
  };
}
