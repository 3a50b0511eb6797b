// The signed-in dashboard's HTML, remembered by what it was rendered from. React rendering, i18next and the garbage
// they leave were most of a signed-in owner's `GET /` (about 24 ms of CPU a request at 10,000 cards, issue 26), and
// most requests render exactly what the one before rendered: the same loader data gives the same page.
//
// So the key is the render's whole input: the address, the status and every route's loader data (JSON, with the
// user's own CSRF token and language in it); a page whose data changed in any way is another key and is rendered.
// Nothing is invalidated by hand, and no user can be served another's page (their data, session token included,
// differ). Only pages that ask for it (`handle.renderMemo`, rendered on the server only) are remembered, only for
// signed-in users (visitors have the shared page cache, app/lib/page-cache.server.ts) and never with a flash
// message. The CSP nonce is rendered as a mark and replaced per response, into the page compressed once when the
// client takes gzip. docs/decisions.md §35.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { EntryContext } from 'react-router';
import Negotiator from 'negotiator';
import { env } from '#server/env';
import { deflateParts, gzipJoined } from './gzip-parts.server';
import { NONCE_MARK } from './page-cache.server';

/** Bytes of HTML kept (about 250 dashboard pages of 54 KB with their gzip parts): least recently used go first. */
const MAX_BYTES = 16 * 1024 * 1024;

interface Memo {
  /** The body, UTF-8 encoded, cut where the nonce goes. */
  parts: Buffer[];
  /** The same parts compressed, made for the first response that may be gzipped (gzip-parts.server.ts). */
  deflated?: Buffer[];
  bytes: number;
}

let cache: LRUCache<string, Memo> | undefined;
const memos = () =>
  (cache ??= new LRUCache<string, Memo>({
    maxSize: MAX_BYTES,
    // The compressed parts are about a sixth of the page; counted up front so the bound holds once they are made.
    sizeCalculation: (m) => Math.ceil(m.bytes * 1.2) + 256,
  }));

class NotPlain extends Error {}

/** Refuses anything JSON would flatten (a Map, a class instance, a promise): its text would not name the value. */
function plainOnly(_key: string, value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    throw new NotPlain();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new NotPlain();
  }
  return value;
}

interface MemoHandle {
  renderMemo?: boolean;
}

/**
 * The key of this render, or null when it must not be remembered: not a signed-in GET of a page that asks for it,
 * not a plain 200, a flash message, or loader data that is not plain JSON.
 */
export function renderMemoKey(
  request: Request,
  status: number,
  context: EntryContext,
  signedIn: boolean,
  hasFlash: boolean,
): string | null {
  if (!env().RENDER_MEMO || !signedIn || hasFlash || request.method !== 'GET' || status !== 200) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  const routes = handler.matches.map((m) => m.route.id);
  const asks = routes.some((id) => (context.routeModules[id]?.handle as MemoHandle | undefined)?.renderMemo);
  if (!asks) return null;
  let text: string;
  try {
    text = JSON.stringify([request.url, routes, handler.loaderData], plainOnly);
  } catch (err) {
    if (err instanceof NotPlain) return null;
    throw err;
  }
  return createHash('sha256').update(text).digest('base64url');
}

export interface PageBody {
  stream: ReadableStream<Uint8Array>;
  length: number;
  /** `gzip` when the body is compressed (the compression middleware then leaves it as it is). */
  encoding: 'gzip' | null;
}

function body(memo: Memo, nonce: string, gzip: boolean): PageBody {
  const value = Buffer.from(nonce);
  let chunks: Buffer[];
  if (gzip) {
    memo.deflated ??= deflateParts(memo.parts);
    chunks = gzipJoined(memo.parts, memo.deflated, value);
  } else {
    chunks = [memo.parts[0]!];
    for (let i = 1; i < memo.parts.length; i++) chunks.push(value, memo.parts[i]!);
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) if (chunk.length) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { stream, length: chunks.reduce((n, c) => n + c.length, 0), encoding: gzip ? 'gzip' : null };
}

/** Whether the client takes gzip (every browser does; one that prefers brotli gets gzip for these pages). */
export function acceptsGzip(request: Request): boolean {
  const header = request.headers.get('accept-encoding');
  return (
    Boolean(header) &&
    new Negotiator({ headers: { 'accept-encoding': header! } }).encoding(['gzip']) === 'gzip'
  );
}

/** A remembered page with this response's nonce, or null. */
export function rememberedPage(key: string, nonce: string, gzip: boolean): PageBody | null {
  const memo = memos().get(key);
  return memo ? body(memo, nonce, gzip) : null;
}

/**
 * A page rendered with `NONCE_MARK` in place of the nonce, with this response's nonce; kept when `keep` (a render
 * that failed half-way is sent, not kept).
 */
export function rememberPage(
  key: string,
  html: string,
  nonce: string,
  keep: boolean,
  gzip: boolean,
): PageBody {
  const memo: Memo = {
    parts: html.split(NONCE_MARK).map((part) => Buffer.from(part)),
    bytes: Buffer.byteLength(html),
  };
  if (keep) memos().set(key, memo);
  return body(memo, nonce, gzip && keep);
}
