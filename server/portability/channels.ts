// A user's notification channels (webhooks for offline sites) in data archives: `data.json` key
// `notificationChannels`, rows of the older service's `notification_channels` table (compat §2.17, snake_case,
// `enabled` as 0/1) without `owner_id`. The older importer reads this key (its exporter never wrote it), so archives
// move both ways. A channel's URL is exported as the user entered it, tokens in it included: it is the user's own
// configuration, like the URLs of their cards, and only the user (or, in the configuration archive, the
// administrator) can download it. Server secrets and credential hashes are never in an archive.
import { randomUUID } from 'node:crypto';
import { ChannelModel, type ChannelDoc } from '../notifications/channel.model';
import { ChannelInputSchema } from '../notifications/channel.schema';
import type { ImportMode } from './import-plan';
import type { Row } from './rows';

/** Channels one archive may bring at most (more are ignored). */
export const MAX_IMPORTED_CHANNELS = 100;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

function channelRow(c: ChannelDoc): Row {
  return {
    id: c._id,
    name: c.name,
    type: c.type,
    url: c.url,
    method: c.method,
    content_type: c.contentType,
    title_param: c.titleParam,
    content_param: c.contentParam,
    enabled: c.enabled ? 1 : 0,
    created_at: iso(c.createdAt),
    updated_at: iso(c.updatedAt),
  };
}

/** The owner's channels as archive rows, oldest first. */
export async function channelRows(ownerId: string): Promise<Row[]> {
  const docs = await ChannelModel.find({ ownerId }).lean<ChannelDoc[]>();
  return docs
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.localeCompare(b._id))
    .map(channelRow);
}

const date = (v: unknown, fallback: Date) => {
  const d = typeof v === 'string' || typeof v === 'number' ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : fallback;
};

/** A row as a channel of `ownerId` with a fresh id; null for a row the channel form would refuse. */
export function channelFromRow(r: Row, ownerId: string, now: Date): ChannelDoc | null {
  const input = ChannelInputSchema.safeParse({
    name: r.name,
    type: r.type ?? 'webhook',
    url: r.url,
    method: r.method ?? undefined,
    contentType: r.content_type ?? r.contentType ?? undefined,
    titleParam: r.title_param ?? r.titleParam ?? undefined,
    contentParam: r.content_param ?? r.contentParam ?? undefined,
  });
  if (!input.success) return null;
  const createdAt = date(r.created_at, now);
  return {
    _id: randomUUID(),
    ownerId,
    ...input.data,
    enabled: !(r.enabled === 0 || r.enabled === false || r.enabled === '0'),
    createdAt,
    updatedAt: date(r.updated_at, createdAt),
  };
}

/**
 * Imports an archive's channels (compat §6.2): `clean` and `overwrite` replace the owner's channels with the
 * archive's, `incremental` adds those whose name the owner does not use yet. An archive without the key (every
 * older export, and sites-only ones) leaves the channels as they are. Returns how many were added.
 */
export async function importChannels(
  ownerId: string,
  rows: Row[] | undefined,
  mode: ImportMode,
): Promise<number> {
  if (rows === undefined) return 0;
  const now = new Date();
  let docs = rows
    .slice(0, MAX_IMPORTED_CHANNELS)
    .map((r) => channelFromRow(r, ownerId, now))
    .filter((d): d is ChannelDoc => d !== null);
  if (mode === 'incremental') {
    const names = new Set(
      (await ChannelModel.find({ ownerId }).select({ name: 1 }).lean<{ name: string }[]>()).map(
        (c) => c.name,
      ),
    );
    docs = docs.filter((d) => !names.has(d.name) && names.add(d.name));
  } else {
    await ChannelModel.deleteMany({ ownerId });
  }
  if (docs.length) await ChannelModel.insertMany(docs, { ordered: false });
  return docs.length;
}
