import type { ChannelDoc } from './channel.model';

/** The older service's channel JSON, mixed cases included (compat §1.14). */
export function toChannel(doc: ChannelDoc) {
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

export type ChannelDto = ReturnType<typeof toChannel>;
