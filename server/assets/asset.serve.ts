// Serving stored files from our own origin. Nothing served here may run script on the app's origin: every
// response is sandboxed by CSP and nosniff, and only media types a browser displays inertly are shown inline.
import { notFound } from '../errors';
import { getObject } from '../storage';
import type { AssetDoc, AssetKind } from './asset.model';
import { findAsset } from './asset.service';
import { INLINE_TYPES } from './file-rules';

const CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `Content-Disposition` with an ASCII fallback name and the real one per RFC 5987/6266. */
export function contentDisposition(type: 'inline' | 'attachment', name: string | null): string {
  const filename = (name ?? '').replace(/[\r\n]/g, '').trim() || 'download.bin';
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The one byte range asked for, `'unsatisfiable'`, or null to send the whole file (no or unusable Range). */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size) return 'unsatisfiable';
    if (end < start) return null;
  }
  return { start, end };
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === etag;
  });
}

/**
 * The response for an asset: streamed from S3 with its length, an ETag (an asset's bytes never change, so its id
 * is its version) answering conditional requests with 304, single byte ranges with 206, and long caching.
 */
export async function assetResponse(
  request: Request,
  asset: AssetDoc,
  options: { download?: boolean } = {},
): Promise<Response> {
  const etag = `"${asset._id.slice('asset-'.length)}"`;
  const inline = !options.download && INLINE_TYPES.has(asset.mimeType);
  const headers = new Headers({
    'Content-Type': asset.mimeType.startsWith('text/') ? `${asset.mimeType}; charset=utf-8` : asset.mimeType,
    'X-Content-Type-Options': 'nosniff',
    // no-transform: never recompressed on the way out (ranges and lengths stay true, large files stream).
    'Cache-Control': 'public, max-age=31536000, immutable, no-transform',
    'Content-Security-Policy': CSP,
    'Cross-Origin-Resource-Policy': 'same-site',
    ETag: etag,
    'Accept-Ranges': 'bytes',
  });
  if (!inline) headers.set('Content-Disposition', contentDisposition('attachment', asset.originalName));
  if (etagMatches(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get('range'), asset.size);
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${asset.size}`);
    headers.delete('Content-Type');
    return new Response(null, { status: 416, headers });
  }
  const object = await getObject(asset.key, range ?? undefined);
  if (!object) throw notFound('File');
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${asset.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.contentLength ?? asset.size));
  return new Response(object.body, { headers });
}

/** The response for an asset id of one of `kinds` (404 when there is no such file). */
export async function serveAsset(
  request: Request,
  assetId: string | undefined,
  kinds: readonly AssetKind[] | undefined,
  options: { download?: boolean } = {},
): Promise<Response> {
  const asset = await findAsset(assetId ?? '', kinds);
  if (!asset) throw notFound('File');
  return assetResponse(request, asset, options);
}
