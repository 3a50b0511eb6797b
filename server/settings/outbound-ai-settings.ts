import { z } from 'zod';
import type { Actor } from '../actor';
import { badRequest, forbidden } from '../errors';
import { isAllowListEntry } from '../net/ip-policy';
import { toAppSettings } from './settings.dto';
import { saveSettings, type Settings } from './settings.service';

/** The AI provider and outbound-policy part of `PUT /api/settings` (admin). */
export const OutboundAiSettingsSchema = z.object({
  aiApiKey: z.string().max(500).optional(),
  aiBaseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
  aiModel: z.string().trim().max(200).optional(),
  outboundAllowPrivate: z.boolean().optional(),
  outboundAllowList: z.array(z.string().trim().max(200)).max(200).optional(),
});

/** Saves AI and outbound settings; a masked key (`****…`) sent back keeps the stored one. */
export async function updateOutboundAiSettings(
  actor: Actor,
  input: z.infer<typeof OutboundAiSettingsSchema>,
) {
  if (actor.role !== 'admin') throw forbidden();
  const patch: Partial<Settings> = {};
  if (input.aiApiKey !== undefined && !input.aiApiKey.startsWith('****'))
    patch.aiApiKey = input.aiApiKey.trim();
  if (input.aiBaseUrl !== undefined) patch.aiBaseUrl = input.aiBaseUrl.replace(/\/+$/, '');
  if (input.aiModel !== undefined) patch.aiModel = input.aiModel;
  if (input.outboundAllowPrivate !== undefined) patch.outboundAllowPrivate = input.outboundAllowPrivate;
  if (input.outboundAllowList !== undefined) {
    const list = input.outboundAllowList.filter(Boolean);
    const bad = list.find((e) => !isAllowListEntry(e));
    if (bad) throw badRequest(`outboundAllowList: "${bad}" is not a host name, address or CIDR`);
    patch.outboundAllowList = list;
  }
  return toAppSettings(await saveSettings(patch));
}
