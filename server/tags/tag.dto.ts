import type { SpaceSnapshot } from '../spaces/space.cache';
import type { TagDoc } from './tag.model';

export interface TagDto {
  id: string;
  name: string;
  slug: string;
  sortOrder: number;
  isHidden: boolean;
  logoUrl: string | null;
  logoBgColor: string | null;
  description: string | null;
  siteCount: number;
}

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
