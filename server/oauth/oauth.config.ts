// The providers' configuration: reading (with defaults), masking secrets on the way out, keeping stored secrets
// when a masked value comes back, and the admin operations behind GET|PUT /api/admin/oauth.
import type { Actor } from '../actor';
import { trustedOrigin } from '../auth/origin';
import { requireAdmin } from '../auth/permissions';
import { isDuplicateKeyError } from '../db';
import { AppError } from '../errors';
import { addressChanged, secretRequired } from '../net/stored-secret';
import { OAuthConfigModel, type OAuthConfigDoc } from './oauth.model';
import {
  ADDRESS_FIELDS,
  CONFIG_FIELDS,
  PROVIDER_FIELDS,
  PROVIDER_KEYS,
  SECRET_FIELDS,
  type OAuthAdminUpdate,
  type ProviderConfig,
  type ProviderKey,
} from './oauth.schema';

const CONFIG_ID = 'global';

export interface OAuthConfig {
  providers: Record<ProviderKey, ProviderConfig>;
  baseUrl: string;
}

/** Only known fields, strings trimmed; empty strings dropped (an unset field). */
function clean(raw: Record<string, unknown> | undefined): ProviderConfig {
  const out: ProviderConfig = { enabled: raw?.enabled === true };
  for (const f of CONFIG_FIELDS) {
    const v = raw?.[f];
    if (typeof v === 'string' && v.trim() !== '') out[f] = v.trim();
  }
  return out;
}

/**
 * The stored configuration, every provider present (disabled and empty when never configured). Each provider is
 * saved in its own document (`_id: "provider:<key>"`, holding `providers.<key>`), so saves of different providers
 * never write the same document: FerretDB v1 loses one of two concurrent updates of one document, even of
 * different fields, and acknowledges both (docs/decisions.md §2). The base URL, and what was saved before that
 * layout, are in the document `global`; a provider's own document wins over it.
 */
export async function readOAuthConfig(): Promise<OAuthConfig> {
  const docs = await OAuthConfigModel.find({}).lean<OAuthConfigDoc[]>();
  const global = docs.find((d) => d._id === CONFIG_ID);
  const stored: Record<string, Record<string, unknown>> = { ...global?.providers };
  for (const doc of docs) if (doc._id.startsWith(PROVIDER_DOC)) Object.assign(stored, doc.providers);
  const providers = {} as Record<ProviderKey, ProviderConfig>;
  for (const key of PROVIDER_KEYS) providers[key] = clean(stored[key]);
  return { providers, baseUrl: global?.baseUrl ?? '' };
}

const PROVIDER_DOC = 'provider:';

/** `$set` on one configuration document, created if missing (two first saves at once: the second updates). */
async function setOn(_id: string, $set: Record<string, unknown>): Promise<void> {
  try {
    await OAuthConfigModel.updateOne({ _id }, { $set }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    await OAuthConfigModel.updateOne({ _id }, { $set });
  }
}

/** `****` + the last 4 characters (values of 8 or fewer characters: `****` only). */
export function maskSecret(value: string): string {
  return value.length <= 8 ? '****' : `****${value.slice(-4)}`;
}

export function isMasked(value: string | undefined): boolean {
  return typeof value === 'string' && value.startsWith('****');
}

export function maskConfig(cfg: ProviderConfig): ProviderConfig {
  const out = { ...cfg };
  for (const f of SECRET_FIELDS) if (out[f]) out[f] = maskSecret(out[f]);
  return out;
}

/**
 * A submitted configuration with masked secrets replaced by the stored ones; a stored secret is kept only while
 * the provider's address (issuer, server URL) stays as it was saved: else 400 `secret_required`.
 */
export function unmask(submitted: ProviderConfig, stored: ProviderConfig): ProviderConfig {
  const out = clean(submitted as Record<string, unknown>);
  const moved = ADDRESS_FIELDS.find((f) => addressChanged(stored[f], out[f]));
  for (const f of SECRET_FIELDS) {
    if (!isMasked(submitted[f])) continue;
    if (moved && stored[f]) throw secretRequired(f, moved);
    out[f] = stored[f];
  }
  for (const f of SECRET_FIELDS) if (out[f] === undefined) delete out[f];
  return out;
}

/** The fields a provider needs that a configuration lacks. */
export function missingFields(key: ProviderKey, cfg: ProviderConfig): string[] {
  return PROVIDER_FIELDS[key].required.filter((f) => !cfg[f]);
}

/** Whether a provider can be offered: enabled and fully configured. */
export function isUsable(key: ProviderKey, cfg: ProviderConfig): boolean {
  return cfg.enabled && missingFields(key, cfg).length === 0;
}

export interface OAuthAdminView {
  configs: Record<ProviderKey, ProviderConfig>;
  baseUrl: string;
}

function view(cfg: OAuthConfig): OAuthAdminView {
  const configs = {} as Record<ProviderKey, ProviderConfig>;
  for (const key of PROVIDER_KEYS) configs[key] = maskConfig(cfg.providers[key]);
  return { configs, baseUrl: cfg.baseUrl };
}

/** `GET /api/admin/oauth`: every provider's configuration, secrets masked. */
export async function getOAuthAdmin(actor: Actor | null): Promise<OAuthAdminView> {
  requireAdmin(actor);
  return view(await readOAuthConfig());
}

/**
 * `PUT /api/admin/oauth`: replaces the configuration of the providers sent (others keep theirs); a masked secret
 * keeps the stored value. An enabled provider must have its required fields.
 */
export async function saveOAuthAdmin(actor: Actor | null, input: OAuthAdminUpdate): Promise<OAuthAdminView> {
  requireAdmin(actor);
  const current = await readOAuthConfig();
  const writes: [string, Record<string, unknown>][] = [];
  for (const [key, submitted] of Object.entries(input.configs) as [ProviderKey, ProviderConfig][]) {
    const next = unmask(submitted, current.providers[key]);
    const missing = missingFields(key, next);
    if (next.enabled && missing.length > 0) {
      throw new AppError('validation_failed', `${key}: missing ${missing.join(', ')}`, [
        ...missing.map((f) => ({ path: `configs.${key}.${f}`, message: 'Required when enabled' })),
      ]);
    }
    writes.push([`${PROVIDER_DOC}${key}`, { [`providers.${key}`]: next }]);
  }
  if (input.baseUrl !== undefined) writes.push([CONFIG_ID, { baseUrl: input.baseUrl.replace(/\/+$/, '') }]);
  await Promise.all(writes.map(([id, $set]) => setOn(id, $set)));
  return view(await readOAuthConfig());
}

/**
 * The public origin callbacks and redirects use: the admin's base URL, else the request's trusted origin (PUBLIC_URL,
 * or a loopback or listening address); null when neither is known (a Host the client chose never counts).
 */
export function publicBase(cfg: OAuthConfig, request: Request): string | null {
  return (cfg.baseUrl || trustedOrigin(request))?.replace(/\/+$/, '') ?? null;
}

/** The callback URL to register at the provider. */
export function callbackUrl(base: string, key: ProviderKey): string {
  return `${base}/api/auth/oauth/${key}/callback`;
}
