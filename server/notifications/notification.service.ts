// Offline notifications: a user's webhook channels (compat §1.14), and the message sent to all enabled ones when
// one of the user's sites turns from online to offline.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import type { CardDoc } from '../cards/card.model';
import { notFound } from '../errors';
import { logger } from '../logger';
import { getSettings } from '../settings/settings.service';
import { toChannel, type ChannelDto } from './channel.dto';
import { ChannelModel, type ChannelDoc } from './channel.model';
import type { ChannelInput } from './channel.schema';
import { sendWebhook } from './webhook';
import { PRODUCT_NAME } from '../product';

async function ownChannel(actor: Actor, id: string): Promise<ChannelDoc> {
  const doc = await ChannelModel.findById(id).lean<ChannelDoc>();
  if (!doc || doc.ownerId !== actor.userId) throw notFound('Channel');
  return doc;
}

/** The caller's channels, oldest first. */
export async function listChannels(actor: Actor): Promise<ChannelDto[]> {
  const docs = await ChannelModel.find({ ownerId: actor.userId }).lean<ChannelDoc[]>();
  return docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(toChannel);
}

/** Adds a channel (enabled). */
export async function createChannel(actor: Actor, input: ChannelInput): Promise<ChannelDto> {
  const now = new Date();
  const doc: ChannelDoc = {
    _id: randomUUID(),
    ownerId: actor.userId,
    ...input,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  };
  await ChannelModel.collection.insertOne(doc as never);
  return toChannel(doc);
}

/** Replaces a channel's settings (its enabled state stays). */
export async function updateChannel(actor: Actor, id: string, input: ChannelInput): Promise<ChannelDto> {
  const current = await ownChannel(actor, id);
  const doc: ChannelDoc = { ...current, ...input, updatedAt: new Date() };
  await ChannelModel.replaceOne({ _id: id }, doc);
  return toChannel(doc);
}

/** Turns a channel on or off. */
export async function toggleChannel(actor: Actor, id: string): Promise<ChannelDto> {
  const current = await ownChannel(actor, id);
  const doc: ChannelDoc = { ...current, enabled: !current.enabled, updatedAt: new Date() };
  await ChannelModel.updateOne({ _id: id }, { $set: { enabled: doc.enabled, updatedAt: doc.updatedAt } });
  return toChannel(doc);
}

/** Removes a channel. */
export async function deleteChannel(actor: Actor, id: string): Promise<{ ok: true }> {
  await ownChannel(actor, id);
  await ChannelModel.deleteOne({ _id: id });
  return { ok: true };
}

async function testMessage(): Promise<[string, string]> {
  const site = (await getSettings()).siteName || PRODUCT_NAME;
  return [`${site} 测试通知`, `这是一条来自 ${site} 的测试通知。`];
}

/** Sends a test message to a saved channel; a failure is a 400 with the reason. */
export async function testChannel(actor: Actor, id: string): Promise<{ ok: true; status: number }> {
  const channel = await ownChannel(actor, id);
  return sendWebhook(channel, ...(await testMessage()));
}

/** Sends a test message to an unsaved channel (the form's "test" button). */
export async function testChannelPreview(
  _actor: Actor,
  input: ChannelInput,
): Promise<{ ok: true; status: number }> {
  return sendWebhook(input, ...(await testMessage()));
}

/** Tells every enabled channel of the owner that a site went offline; failures are logged, never thrown. */
export async function notifyOffline(ownerId: string, card: CardDoc): Promise<void> {
  const channels = (await ChannelModel.find({ ownerId }).lean<ChannelDoc[]>()).filter((c) => c.enabled);
  if (!channels.length) return;
  const site = (await getSettings()).siteName || PRODUCT_NAME;
  const title = `${site} 站点离线通知`;
  const content = `站点「${card.name}」(${card.siteUrl}) 已离线。`;
  await Promise.all(
    channels.map((c) =>
      sendWebhook(c, title, content).catch((err: unknown) =>
        logger.warn('notifications', 'webhook failed', { channelId: c._id, error: String(err) }),
      ),
    ),
  );
}
