// React Router's Express adapter (@react-router/express 7.18), with four changes (the second: `sharedPage` below; the
// third: without a `getLoadContext`, the build's `loadContextOf(request)` gives React Router its load context; the
// fourth: `requestUrl`, a request whose URL cannot be built is refused with a 4xx instead of failing in `new URL`).
// The first: the response body is written by a loop that keeps nothing per chunk. The stock writer races every read against a promise that settles only when
// the response fails, and each race leaves a reaction on that promise holding the chunk it resolved with, so a
// download kept every chunk alive until it ended (a 100 MB attachment grew the server by ~80 MB; measured in
// bench/files.mjs, see docs/decisions.md §42; @react-router/node 7.18.4 still writes that way).
/* global Headers, Request */
import { createReadableStreamFromReadable } from '@react-router/node';
import { createRequestHandler as createHandler } from 'react-router';

function headersOf(requestHeaders) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** Methods the app answers. Others (TRACE, WebDAV's PROPFIND...) it implements for no resource: 501. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A host as RFC 9110 has a client name it: a name or IPv4 address, or an IPv6 literal in brackets; a port of digits. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._~!$&'()*+,;=-]+)(?::\d{0,5})?$/i;

/** A request the adapter does not hand to React Router; the app's error handler answers it with `status`. */
export class RequestRefused extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'RequestRefused';
    this.status = status;
    this.code = code;
  }
}

/**
 * The URL React Router sees for a request, from the host Express believes (`X-Forwarded-Host` from a trusted proxy,
 * else `Host`), its protocol and the path; a request it cannot be built for is a RequestRefused: a method the app
 * does not implement (501), a target that is not a path (absolute-form, `*`), a missing or malformed host or a port
 * out of range (400). The stock adapter dropped a bad port or fell back to `localhost`, or failed in `new URL` (500).
 */
export function requestUrl(req) {
  if (!METHODS.has(req.method)) {
    throw new RequestRefused(501, 'not_implemented', `The method ${req.method} is not implemented`);
  }
  if (!req.originalUrl.startsWith('/')) {
    throw new RequestRefused(400, 'bad_request', 'The request target must be a path');
  }
  const forwarded = req.get('X-Forwarded-Host');
  const host =
    forwarded && req.app.get('trust proxy fn')(req.socket.remoteAddress, 0)
      ? forwarded.split(',')[0].trim()
      : (req.get('Host') ?? '');
  const protocol = req.protocol;
  if (!HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) {
    throw new RequestRefused(400, 'bad_request', 'Malformed Host header');
  }
  try {
    return new URL(`${protocol}://${host}${req.originalUrl}`);
  } catch {
    throw new RequestRefused(400, 'bad_request', 'Malformed Host header');
  }
}

function requestOf(req, res) {
  const url = res.locals.requestUrl ?? requestUrl(req);
  let controller = new AbortController();
  const init = { method: req.method, headers: headersOf(req.headers), signal: controller.signal };
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

/**
 * Writes a web stream to a Node response, waiting for `drain` when the socket is full. When the client goes away
 * the stream is cancelled at once (a pending read ends), so server-sent events and S3 bodies are released.
 */
export async function writeBody(body, res, { whole = false } = {}) {
  const reader = body.getReader();
  let closed = false;
  let wake = null;
  const onClose = () => {
    closed = true;
    reader.cancel().catch(() => {});
    wake?.();
  };
  // One `drain` listener for the whole body, not one per wait: the compression middleware moves `drain` listeners
  // to its zlib stream but not their removal, so a `once` per wait stayed on that stream until the response ended.
  const onDrain = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  res.on('close', onClose);
  res.on('drain', onDrain);
  try {
    // A body that arrives in one chunk (most JSON answers) is sent with `end(chunk)`: it goes out with its length
    // in one write, and the compression middleware sees its size and leaves a small one alone (compressing the 1-2
    // KB answers of a write cost about 7 % of the app's CPU: a streamed body was always compressed).
    if (whole) {
      const first = await reader.read();
      const second = first.done ? first : await reader.read();
      if (closed || res.destroyed) return;
      if (second.done) {
        // The compression middleware drops the length when it compresses.
        if (!first.done && !res.headersSent && !res.hasHeader('Content-Length'))
          res.setHeader('Content-Length', Buffer.byteLength(first.value));
        res.end(first.value);
        return;
      }
      res.write(first.value);
      res.write(second.value);
    }
    for (;;) {
      if (closed || res.destroyed) return;
      const { done, value } = await reader.read();
      if (closed || res.destroyed) return;
      if (done) {
        res.end();
        return;
      }
      const more = res.write(value);
      if (typeof res.flush === 'function') res.flush();
      if (!more) {
        await new Promise((resolve) => {
          wake = resolve;
        });
      }
    }
  } catch (err) {
    reader.cancel(err).catch(() => {});
    if (!res.destroyed) res.destroy(err);
  } finally {
    res.off('close', onClose);
    res.off('drain', onDrain);
  }
}

async function send(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  const events = /text\/event-stream/i.test(response.headers.get('Content-Type') ?? '');
  if (events) res.flushHeaders();
  if (response.body) await writeBody(response.body, res, { whole: !events });
  else res.end();
}

/**
 * The second change: a request the app can answer from its visitor page cache (the build's `sharedPageHit`,
 * app/lib/request-context.server.ts) is answered before React Router matches its routes; null goes on as usual.
 */
async function sharedPage(build, request) {
  try {
    return (await build.entry?.module?.sharedPageHit?.(request)) ?? null;
  } catch {
    return null;
  }
}

export function createRequestHandler({ build, getLoadContext, mode = process.env.NODE_ENV }) {
  const handle = createHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = requestOf(req, res);
      const response =
        (await sharedPage(build, request)) ??
        (await handle(
          request,
          (await getLoadContext?.(req, res)) ?? build.entry?.module?.loadContextOf?.(request),
        ));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
