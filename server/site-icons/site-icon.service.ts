// Site icons served from our own origin: fetched once per host through the safe client, stored as an asset in S3,
// answered with a week of browser caching, refreshed after 30 days (a site without a usable icon is asked again
// after a day). A host's first fetch runs in the background (the first view shows the letter). Visitors get
// stored icons only; fetching a host for the first time takes a signed-in user's page, so strangers cannot make
// the server fetch arbitrary hosts.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../actor';
import { assetResponse } from '../assets/asset.serve';
import { deleteOwnedAssets, findAsset } from '../assets/asset.service';
import { AssetModel, type AssetDoc } from '../assets/asset.model';
import { isDuplicateKeyError } from '../db';
import { notFound } from '../errors';
import { logger } from '../logger';
import { putObject, storageKeys } from '../storage';
import { SITE_ICON_HOST } from './icon-src.shared';
import { fetchSiteIcon } from './site-icon.fetch';
import { SITE_ICON_OWNER, SiteIconModel, type SiteIconDoc } from './site-icon.model';

const REFRESH_MS = 30 * 24 * 60 * 60 * 1000;
const RETRY_NONE_MS = 24 * 60 * 60 * 1000;
/** Fetches running at once in this process; more wait (a dashboard of new hosts asks for many at once). */
const CONCURRENCY = 4;
/** Hosts waiting for a fetch at most; beyond that a new host is left for a later view (a long list scrolled fast). */
const QUEUE_MAX = 200;

/** A transparent 1×1 PNG: "no icon" as an image, so the letter under it shows and browsers log no failed load. */
const BLANK = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const BROWSER_CACHE = 'public, max-age=604800, stale-while-revalidate=604800';
const NONE_CACHE = 'public, max-age=86400';

const inFlight = new Map<string, Promise<SiteIconDoc>>();
let running = 0;
const queue: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/** Fetches a host's icon and stores its bytes as a `site-icon` asset (null when the site has none). */
async function fetchAndStore(host: string): Promise<AssetDoc | null> {
  const icon = await fetchSiteIcon(host);
  if (!icon) return null;
  const id = `asset-${randomUUID()}`;
  const key = storageKeys.asset(SITE_ICON_OWNER, id);
  await putObject(key, icon.bytes, { contentType: icon.mimeType });
  const asset: AssetDoc = {
    _id: id,
    ownerId: SITE_ICON_OWNER,
    kind: 'site-icon',
    key,
    mimeType: icon.mimeType,
    size: icon.bytes.length,
    originalName: null,
    noteId: null,
    detachedAt: null,
    createdAt: new Date(),
  };
  await AssetModel.create(asset);
  return asset;
}

/**
 * Fetches and records a host's icon. The record is keyed by the host: a first fetch inserts it (a duplicate key
 * means another request or instance recorded it first, and that record stands); a refresh updates it by `_id` only
 * if it is still the one `before` read (else another refresh won). The loser deletes the file it stored. No upsert:
 * FerretDB v1 answered concurrent upserts of one record with SQLITE_BUSY (docs/decisions.md §48).
 */
export async function storeSiteIcon(host: string, before: SiteIconDoc | null): Promise<SiteIconDoc> {
  const asset = await fetchAndStore(host);
  const doc: SiteIconDoc = { _id: host, assetId: asset?._id ?? null, fetchedAt: new Date() };
  let won: boolean;
  if (!before) {
    won = await SiteIconModel.collection.insertOne(doc as never).then(
      () => true,
      (err: unknown) => {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      },
    );
  } else {
    const res = await SiteIconModel.updateOne(
      { _id: host, fetchedAt: before.fetchedAt },
      { $set: { assetId: doc.assetId, fetchedAt: doc.fetchedAt } },
    );
    won = res.matchedCount === 1;
  }
  if (!won) {
    if (asset) await deleteOwnedAssets(SITE_ICON_OWNER, [asset._id]);
    return (await SiteIconModel.findById(host).lean<SiteIconDoc>()) ?? doc;
  }
  if (before?.assetId && before.assetId !== doc.assetId) {
    await deleteOwnedAssets(SITE_ICON_OWNER, [before.assetId]);
  }
  return doc;
}

/** Fetches and stores a host's icon (one fetch per host at a time in this process); null when too many wait. */
export function refreshSiteIcon(host: string, before: SiteIconDoc | null): Promise<SiteIconDoc> | null {
  let job = inFlight.get(host);
  if (!job) {
    if (queue.length >= QUEUE_MAX) return null;
    job = slot(() => storeSiteIcon(host, before)).finally(() => inFlight.delete(host));
    inFlight.set(host, job);
  }
  return job;
}

function refreshInBackground(host: string, before: SiteIconDoc | null): void {
  refreshSiteIcon(host, before)?.catch((err: unknown) =>
    logger.warn('site-icons', 'icon fetch failed', { host, error: String(err) }),
  );
}

function stale(doc: SiteIconDoc, now: number): boolean {
  return now - doc.fetchedAt.getTime() > (doc.assetId ? REFRESH_MS : RETRY_NONE_MS);
}

function none(cache = NONE_CACHE): Response {
  return new Response(new Uint8Array(BLANK), {
    status: 200,
    headers: {
      'Content-Type': 'image/png',
      'Cache-Control': cache,
      'X-Content-Type-Options': 'nosniff',
      'X-Site-Icon': 'none',
    },
  });
}

/**
 * `GET /api/site-icons/<host>`: the stored icon; a transparent pixel marked `X-Site-Icon: none` (the letter tile
 * shows) when the site has none or it is not known yet; 404 for what is not a host.
 */
export async function siteIconResponse(
  request: Request,
  rawHost: string,
  actor: Actor | null,
): Promise<Response> {
  const host = rawHost.toLowerCase();
  if (!SITE_ICON_HOST.test(host)) throw notFound('Site icon');
  const doc = await SiteIconModel.findById(host).lean<SiteIconDoc>();
  if (!doc) {
    // Never fetched: the page gets the letter now and the icon from the next view on. Not waiting keeps a page of
    // new hosts from holding the browser's few connections to us.
    if (!actor) return none('public, max-age=300');
    refreshInBackground(host, null);
    return none('no-store');
  }
  // Old: answer with what is stored; the new icon is there for the next request.
  if (stale(doc, Date.now())) refreshInBackground(host, doc);
  const asset = doc.assetId ? await findAsset(doc.assetId, ['site-icon']) : null;
  if (!asset) return none();
  const res = await assetResponse(request, asset);
  res.headers.set('Cache-Control', BROWSER_CACHE);
  return res;
}
