// Which provider an AI call uses: the stored settings, or for an admin's cookie session the unsaved draft from the
// settings form (`_draftAiConfig`), where an empty or masked (`****…`) key or URL falls back to the stored one. The
// stored key goes only to the stored base URL: a draft with another URL must carry its key (server/net/stored-secret.ts).
import { z } from 'zod';
import type { Actor } from '../actor';
import { AppError } from '../errors';
import { addressChanged, secretRequired } from '../net/stored-secret';
import { getSettings } from '../settings/settings.service';

export const DraftAiConfigSchema = z
  .object({
    aiApiKey: z.string().max(500).optional(),
    aiBaseUrl: z.string().max(500).optional(),
    aiModel: z.string().max(200).optional(),
  })
  .optional();

export type DraftAiConfig = z.infer<typeof DraftAiConfigSchema>;

export interface AiConfig {
  apiKey: string;
  baseUrl: string;
  model: string;
}

const usable = (v: string | undefined) => (v && !v.startsWith('****') ? v.trim() : '');

export async function resolveAiConfig(actor: Actor | null, draft?: DraftAiConfig): Promise<AiConfig> {
  const s = await getSettings();
  const useDraft = Boolean(draft && actor?.role === 'admin' && actor.via === 'session');
  const typedKey = useDraft ? usable(draft!.aiApiKey) : '';
  const config = {
    apiKey: typedKey || s.aiApiKey,
    baseUrl: (useDraft && usable(draft!.aiBaseUrl)) || s.aiBaseUrl,
    model: (useDraft && draft!.aiModel?.trim()) || s.aiModel,
  };
  if (!typedKey && s.aiApiKey && addressChanged(s.aiBaseUrl, config.baseUrl)) {
    throw secretRequired('aiApiKey', 'aiBaseUrl');
  }
  if (!config.apiKey || !config.baseUrl || !config.model) {
    throw new AppError('ai_not_configured', 'AI is not configured (API key, base URL and model are needed)');
  }
  return config;
}

/** Whether the stored settings name a provider (pages show AI buttons only then). */
export async function aiConfigured(): Promise<boolean> {
  const s = await getSettings();
  return Boolean(s.aiApiKey && s.aiBaseUrl && s.aiModel);
}
