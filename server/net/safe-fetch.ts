// The one outbound HTTP client for server-side requests to addresses users or admins typed in (online checks,
// webhooks, AI providers, site icons). Each hop: only http/https; the host name is resolved once, every address is
// checked against the outbound policy, and the connection is pinned to the checked address (a custom `lookup`), so
// a second DNS answer cannot point the request elsewhere (DNS rebinding). Redirects are followed by hand and every
// hop is checked again. A deadline covers the whole exchange and the body is read up to a byte cap.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { logger } from '../logger';
import { compileAllowList, refusal, type OutboundPolicy } from './ip-policy';
import { outboundPolicy } from './outbound-policy';

export type OutboundFailure = 'refused' | 'timeout' | 'too_large' | 'network' | 'redirects';

/**
 * A request that could not be made or completed; `reason` is safe to show to the user who asked for it, `detail`
 * (the same unless told) is for the log and administrators.
 */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly detail: string;
  constructor(
    readonly kind: OutboundFailure,
    readonly reason: string,
    detail?: string,
  ) {
    super(reason);
    this.detail = detail ?? reason;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Deadline for the whole exchange, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Bytes of body read at most (default 1 MiB); beyond that the body is cut (`truncated`) or refused. */
  maxBytes?: number;
  /** What to do with a body over `maxBytes` (default: keep the first bytes and say so). */
  onTooLarge?: 'truncate' | 'error';
  /** Redirects followed at most (default 5; 0 returns the redirect itself). */
  maxRedirects?: number;
  /** Default: the admin's settings (see outbound-policy.ts). */
  policy?: OutboundPolicy;
  /** Name resolution (tests replace it to simulate DNS answers). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  /** The URL of the last hop. */
  url: string;
  headers: Headers;
  body: Buffer;
  truncated: boolean;
  /** The address the last hop connected to. */
  address: string;
  text(): string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve = (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Resolves and checks one URL's host; returns the address to connect to. */
async function checkedAddress(
  url: URL,
  policy: OutboundPolicy,
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('refused', `Only http and https URLs can be fetched (not ${url.protocol})`);
  }
  if (url.username || url.password)
    throw new OutboundError('refused', 'URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      throw new OutboundError(
        'network',
        `Could not resolve ${host}: ${(err as { code?: string }).code ?? 'error'}`,
      );
    }
    if (!addresses.length) throw new OutboundError('network', `Could not resolve ${host}`);
  }
  const allow = compileAllowList(policy.allowList);
  // Every answer must pass: otherwise whichever address the connection picked could be the forbidden one.
  for (const a of addresses) {
    const refused = refusal(a.address, host, policy, allow);
    if (refused) {
      logger.info('outbound', 'request refused', { host, detail: refused.detail });
      throw new OutboundError('refused', refused.reason, refused.detail);
    }
  }
  return addresses[0]!;
}

/** A lookup that always answers with the address already checked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if ((options as { all?: boolean }).all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
}

type Body = AsyncIterable<Buffer> & { destroy(): void; on(event: 'error', fn: () => void): unknown };

/** Drops a body without reading it (destroying it emits an abort error nobody needs). */
function discard(body: Body): void {
  body.on('error', () => {});
  body.destroy();
}

async function readCapped(
  body: Body,
  maxBytes: number,
  onTooLarge: 'truncate' | 'error',
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      discard(body);
      if (onTooLarge === 'error')
        throw new OutboundError('too_large', `The response is larger than ${maxBytes} bytes`);
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  return headers;
}

function failure(err: unknown, deadline: AbortSignal, timeoutMs: number): OutboundError {
  if (err instanceof OutboundError) return err;
  if (deadline.aborted) return new OutboundError('timeout', `No complete answer within ${timeoutMs} ms`);
  const e = err as { code?: string; message?: string };
  return new OutboundError('network', e.code ? `Connection failed (${e.code})` : `Connection failed`);
}

/** Fetches `input` under the outbound policy; throws OutboundError with a reason the caller may show. */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const policy = options.policy ?? (await outboundPolicy());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.any([
    AbortSignal.timeout(timeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('refused', 'Not a valid URL');
  }
  let method = options.method ?? 'GET';
  let body = options.body;
  const maxRedirects = options.maxRedirects ?? 5;
  // undici is loaded with the first outbound request rather than at start.
  const { Agent, request } = await import('undici');
  for (let hop = 0; ; hop++) {
    try {
      const pinned = await checkedAddress(url, policy, options.resolve ?? systemResolve);
      // One agent per hop: a pooled connection made for another policy or address is never reused.
      const hopAgent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, connections: 1 });
      try {
        const res = await request(url, {
          method,
          headers: options.headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : body,
          dispatcher: hopAgent,
          signal: deadline,
        });
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode) && typeof location === 'string' && maxRedirects > 0) {
          discard(res.body);
          if (hop >= maxRedirects)
            throw new OutboundError('redirects', `More than ${maxRedirects} redirects`);
          url = new URL(location, url);
          if (
            res.statusCode === 303 ||
            ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')
          ) {
            method = method === 'HEAD' ? 'HEAD' : 'GET';
            body = undefined;
          }
          continue;
        }
        const read =
          method === 'HEAD'
            ? { body: Buffer.alloc(0), truncated: false }
            : await readCapped(
                res.body,
                options.maxBytes ?? DEFAULT_MAX_BYTES,
                options.onTooLarge ?? 'truncate',
              );
        const bytes = read.body;
        return {
          status: res.statusCode,
          url: url.toString(),
          headers: toHeaders(res.headers),
          body: bytes,
          truncated: read.truncated,
          address: pinned.address,
          text: () => bytes.toString('utf8'),
        };
      } finally {
        void hopAgent.destroy().catch(() => {});
      }
    } catch (err) {
      throw failure(err, deadline, timeoutMs);
    }
  }
}
