// The archive format of compat §6.2: `manifest.json` (signature, version 5, `dataSignature`), `data.json` with
// snake_case rows, and `assets/<assetId><ext>`. The HMAC key is the older service's shared constant, so files move
// between instances of either service; it proves the data was written by an exporter, not who wrote it.
import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';
import type { AssetDoc } from '../assets/asset.model';
import { env } from '../env';
import { jsonTooDeep } from '../parsing/json-bounded';
import { refuse, type SafeZip } from './zip-read';
import type { Row } from './rows';

export const SIGNATURE = '__sakuranav__';
export const FORMAT_VERSION = 5;
const HMAC_KEY = 'SakuraNav-DataPortability-HMAC-Secret-v1';

export function signData(data: Buffer | string): string {
  return createHmac('sha256', HMAC_KEY).update(data).digest('hex');
}

/** The signature of data read in pieces: `update` each piece, then `digestMatches(signer.digest(), ...)`. */
export function dataSigner(): Hmac {
  return createHmac('sha256', HMAC_KEY);
}

export function digestMatches(digest: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(digest, Buffer.from(signature, 'hex'));
}

export function signatureMatches(data: Buffer, signature: unknown): boolean {
  return digestMatches(dataSigner().update(data).digest(), signature);
}

/**
 * Proof that a user archive is the account's own export from this instance: an HMAC with the instance's secret
 * (which, unlike the shared data key, no one else has) over the account and the data's signature. Only such an
 * archive keeps its card and tag ids on import, so another account cannot claim a deleted card's public address by
 * importing an archive naming it.
 */
export function ownerProof(userId: string, dataSignature: string, secret = env().SESSION_SECRET): string {
  return createHmac('sha256', secret)
    .update(`sakura-dash user archive\n${userId}\n${dataSignature}`)
    .digest('hex');
}

/** Whether the manifest proves the archive is `userId`'s own export (by the current or the previous secret). */
export function isOwnArchive(manifest: Manifest, userId: string): boolean {
  const { ownerProof: proof, dataSignature } = manifest;
  if (typeof proof !== 'string' || typeof dataSignature !== 'string') return false;
  const { SESSION_SECRET, SESSION_SECRET_PREVIOUS } = env();
  return [SESSION_SECRET, SESSION_SECRET_PREVIOUS]
    .filter((s): s is string => Boolean(s))
    .some((secret) => digestMatches(Buffer.from(ownerProof(userId, dataSignature, secret), 'hex'), proof));
}

export interface Manifest {
  signature: string;
  version: number;
  scope?: string;
  sitesOnly?: boolean;
  exportedAt?: string;
  dataSignature?: string;
  hasAppearance?: boolean;
  [key: string]: unknown;
}

/** The rows of one data space as an export writes them to `data.json` (import reads them with space-read.ts). */
export interface SpaceData {
  tags: Row[];
  cards: Row[];
  card_tags: Row[];
  card_relations: Row[];
  appearances?: Row[];
  assets?: Row[];
  /** The owner's notification channels (server/portability/channels.ts); absent in older exports. */
  notificationChannels?: Row[];
}

/** An entry's bytes as JSON; text that is not JSON, or nested too deeply to parse cheaply, refuses the archive. */
function parseEntry(raw: Buffer, entry: string): unknown {
  const text = raw.toString('utf8');
  if (jsonTooDeep(text)) throw refuse('bad_data', `${entry} is nested too deeply`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse('bad_data', `${entry} is not valid JSON`);
  }
}

/**
 * Reads a small signed JSON entry (the settings) of at most `maxBytes` and checks it against `signature`: the
 * parsed object, or a 400 (`details.reason`) when the entry is missing, its signature does not match or it is not a
 * JSON object. A signature proves nothing about the content (the key is public, see above), so the content is
 * checked as well.
 */
export async function readSignedJson(
  zip: SafeZip,
  entry: string,
  signature: unknown,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  if (!zip.has(entry)) throw refuse('missing_data', `The archive has no ${entry}`);
  const raw = await zip.read(entry, maxBytes);
  if (!signatureMatches(raw, signature))
    throw refuse('bad_data_signature', `The signature of ${entry} is missing or does not match its content`);
  const parsed = parseEntry(raw, entry);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw refuse('bad_data', `${entry} does not hold an object`);
  return parsed as Record<string, unknown>;
}

/** Reads and checks `manifest.json` (signature, version). */
export async function readManifest(zip: SafeZip): Promise<Manifest> {
  if (!zip.has('manifest.json')) throw refuse('missing_manifest', 'The archive has no manifest.json');
  const m = parseEntry(await zip.read('manifest.json', 1024 * 1024), 'manifest.json') as Manifest | null;
  if (!m || typeof m !== 'object' || m.signature !== SIGNATURE)
    throw refuse(
      'bad_signature',
      'This is not an export of this service or of SakuraNav (wrong or missing signature)',
    );
  if (typeof m.version !== 'number' || m.version < FORMAT_VERSION)
    throw refuse(
      'unsupported_version',
      `Archive format version ${String(m.version)} is not supported (5 or later)`,
    );
  return m;
}

/** Asset ids a string refers to: `/api/assets/<id>/file`, `/api/note-cards/{img,file,attach}/<id>`, `asset-...`. */
const ASSET_REF =
  /\/api\/(?:assets\/|note-cards\/(?:img|file|attach)\/)(asset-[A-Za-z0-9-]{1,80})|^(asset-[A-Za-z0-9-]{1,80})$/g;

export function assetRefs(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    for (const m of value.matchAll(ASSET_REF)) into.add((m[1] ?? m[2])!);
  } else if (Array.isArray(value)) {
    for (const v of value) assetRefs(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) assetRefs(v, into);
  }
}

/** Replaces asset references in every string of a value (JSON text columns included) through `map`. */
export function remapAssets<T>(value: T, map: Map<string, string>): T {
  if (map.size === 0) return value;
  const swap = (s: string) =>
    s.replace(ASSET_REF, (whole, a?: string, b?: string) => {
      const old = (a ?? b)!;
      const next = map.get(old);
      return next ? whole.replace(old, next) : whole;
    });
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return swap(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

const EXT_BY_TYPE: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/bmp': '.bmp',
  'image/x-icon': '.ico',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/pdf': '.pdf',
  'text/plain': '.txt',
};

/** The name of an asset inside the archive: `assets/<id><ext>`. */
export function assetEntryName(a: AssetDoc, folder = 'assets/'): string {
  const fromName = /\.[A-Za-z0-9]{1,8}$/.exec(a.originalName ?? '')?.[0];
  return `${folder}${a._id}${EXT_BY_TYPE[a.mimeType] ?? fromName?.toLowerCase() ?? ''}`;
}

/** The asset id of an archive entry name (the base name up to its first dot). */
export function assetIdOfEntry(name: string): string | null {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const id = base.split('.')[0] ?? '';
  return /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null;
}
