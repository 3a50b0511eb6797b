import { z } from 'zod';
import { env } from '../env';
import { badRequest, forbidden } from '../errors';
import type { Actor } from '../actor';
import { visitorPagesChanged } from '../visitor-pages';
import { SETTINGS_DEFAULTS, SETTINGS_ID, SettingsModel, type SettingsDoc } from './settings.model';
import { fresh } from '../fresh';

export type Settings = Omit<SettingsDoc, '_id' | 'updatedAt'>;

// Settings are read by nearly every page; a short in-process cache keeps that to one lookup every few seconds
// while changes made through another instance still show up quickly.
let cache: { value: Settings; at: number } | undefined;

/** The instance settings with defaults filled in. */
export async function getSettings(): Promise<Settings> {
  if (cache && fresh(cache.at, env().CACHE_TTL_MS)) return cache.value;
  const doc = await SettingsModel.findById(SETTINGS_ID).lean<SettingsDoc>();
  const value: Settings = { ...SETTINGS_DEFAULTS };
  if (doc) {
    for (const key of Object.keys(SETTINGS_DEFAULTS) as (keyof Settings)[]) {
      if (doc[key] !== undefined && doc[key] !== null) (value as Record<string, unknown>)[key] = doc[key];
    }
  }
  cache = { value, at: Date.now() };
  return value;
}

/** Writes a partial change to the settings (callers authorise first). */
export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  await SettingsModel.updateOne({ _id: SETTINGS_ID }, { $set: patch }, { upsert: true });
  cache = undefined;
  visitorPagesChanged();
  return getSettings();
}

export function invalidateSettingsCache(): void {
  cache = undefined;
  visitorPagesChanged();
}

/** Whether visitors may register. */
export async function getRegistration(): Promise<{ registrationEnabled: boolean }> {
  const s = await getSettings();
  return { registrationEnabled: s.registrationEnabled };
}

/** Opens or closes registration (admin). */
export async function setRegistration(
  actor: Actor,
  enabled: boolean,
): Promise<{ registrationEnabled: boolean }> {
  if (actor.role !== 'admin') throw forbidden();
  const s = await saveSettings({ registrationEnabled: enabled });
  return { registrationEnabled: s.registrationEnabled };
}

export interface Quotas {
  quotaCards: number;
  quotaTags: number;
  quotaBytes: number;
}

/** The per-user quotas (cards, tags, stored bytes). */
export async function getQuotas(): Promise<Quotas> {
  const s = await getSettings();
  return { quotaCards: s.quotaCards, quotaTags: s.quotaTags, quotaBytes: s.quotaBytes };
}

const QUOTA_MESSAGE = 'must be a whole number, 0 or more';
/** One quota's value (cards, tags or bytes). */
export const QuotaValue = z.number({ error: QUOTA_MESSAGE }).int(QUOTA_MESSAGE).min(0, QUOTA_MESSAGE);

/** Changes the per-user quotas (admin); fields left out keep their values. */
export async function setQuotas(actor: Actor, input: Partial<Quotas>): Promise<Quotas> {
  if (actor.role !== 'admin') throw forbidden();
  const patch: Partial<Quotas> = {};
  for (const key of ['quotaCards', 'quotaTags', 'quotaBytes'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    if (!QuotaValue.safeParse(v).success) throw badRequest(`${key} ${QUOTA_MESSAGE}`);
    patch[key] = v;
  }
  await saveSettings(patch);
  return getQuotas();
}
