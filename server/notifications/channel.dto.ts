import { z } from 'zod';
import type { ChannelDoc } from './channel.model';

const iso = z.string().describe('ISO 8601 date-time');

/** The older service's channel JSON, mixed cases included (compat §1.14). The schema is the type and the OpenAPI
 * description's source (docs/decisions.md §39). */
export const ChannelDtoSchema = z.strictObject({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  type: z.literal('webhook'),
  url: z.string(),
  method: z.enum(['POST', 'PUT', 'GET']),
  contentType: z.enum(['application/json', 'application/x-www-form-urlencoded']),
  titleParam: z.string(),
  contentParam: z.string(),
  enabled: z.boolean(),
  created_at: iso,
  updated_at: iso,
});
export type ChannelDto = z.infer<typeof ChannelDtoSchema>;

export function toChannel(doc: ChannelDoc): ChannelDto {
  return {
    id: doc._id,
    owner_id: doc.ownerId,
    name: doc.name,
    type: doc.type,
    url: doc.url,
    method: doc.method,
    contentType: doc.contentType,
    titleParam: doc.titleParam,
    contentParam: doc.contentParam,
    enabled: doc.enabled,
    created_at: doc.createdAt.toISOString(),
    updated_at: doc.updatedAt.toISOString(),
  };
}
