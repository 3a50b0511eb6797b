import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { connectDb, connectDbWithin, disconnectDb } from '#server/db';
import { env, loadEnvOrExit } from '#server/env';
import { LeaseHeldError, releaseInstanceLease, takeInstanceLease } from '#server/instance-lease';
import { legacyMembershipsFolded } from '#server/cards/legacy-memberships';
import { sameOriginRequest } from '#server/auth/csrf';
import { logger } from '#server/logger';
import { ensureBucket } from '#server/storage';
import { ADMIN_ID } from '#server/actor';
import { getSpace } from '#server/spaces/space.cache';
import { writesPending } from '#server/spaces/space.write';
import { startMaintenance, stopMaintenance } from '#server/maintenance';
import { WEB_ENGINES } from './components/dashboard/search-form';
import { NonceContext } from './lib/nonce';
import { NONCE_MARK, renderNonce } from './lib/page-cache.server';
import {
  acceptsGzip,
  rememberedPage,
  rememberPage,
  renderMemoKey,
  type PageBody,
} from './lib/render-memo.server';
import { requestInfoContext } from './lib/request-context.server';

// Boot: validate configuration (one-line error and exit 1 if wrong), connect, start housekeeping timers.
loadEnvOrExit();
void connectDb().catch(() => {});
startMaintenance();
// Load the public (admin's) space in the background, so the first visitor after a restart does not wait for it.
setTimeout(() => {
  connectDbWithin(60_000)
    .then(() => getSpace(ADMIN_ID))
    .catch(() => {});
}, 0).unref();
// The bucket normally exists (created by scripts/services.mjs or the compose file); create it if it does not.
setTimeout(() => {
  ensureBucket().catch((err: unknown) =>
    logger.warn('storage', 'could not check or create the bucket', { error: String(err) }),
  );
}, 0).unref();

export const streamTimeout = 5_000;

/**
 * Where forms may lead: this site, and the web search engines /search hands a query to (a browser applies
 * `form-action` to the redirects that follow a form's submission too, so without them web search did nothing).
 */
const FORM_ACTION = ["'self'", ...new Set(WEB_ENGINES.map((e) => new URL(e.url).origin))].join(' ');

/**
 * A page whose form's answer redirects to another site names that site's origin in this header (its `headers`
 * export): the MCP consent page sends the browser back to the app that asked (docs/decisions.md §69). The header
 * itself is not sent.
 */
export const FORM_ACTION_HEADER = 'x-form-action-origin';

function formActionFor(headers: Headers): string {
  const extra = headers.get(FORM_ACTION_HEADER);
  headers.delete(FORM_ACTION_HEADER);
  if (!extra || !/^https?:\/\/[^\s;,'"]+$/.test(extra)) return FORM_ACTION;
  return `${FORM_ACTION} ${extra}`;
}

/**
 * Awaited by scripts/serve.mjs before it listens: on the embedded store (SINGLE_INSTANCE) this process must be the
 * only app instance, or it exits with a one-line message (also when the database is not up within a minute); data of
 * an older layout is moved.
 */
export async function ready(): Promise<void> {
  if (env().SINGLE_INSTANCE) {
    try {
      // `npm start` starts this process while the embedded servers start (a recovery after a hard kill can take a
      // while): wait for the database rather than fail on the first timeout.
      await connectDbWithin(60_000);
      await takeInstanceLease();
    } catch (err) {
      console.error(err instanceof LeaseHeldError ? err.message : `Cannot start: ${String(err)}`);
      process.exit(1);
    }
  }
  // Data of an older layout is moved before the first request (docs/decisions.md §59); if the database cannot be
  // reached yet, the first load of a space does it.
  await legacyMembershipsFolded().catch((err: unknown) =>
    logger.warn('cards', 'could not check for memberships of the old layout', { error: String(err) }),
  );
}

/** Asked by our Express adapter (scripts/lib/rr-express.mjs) before React Router handles a request. */
export { loadContextOf, sharedPageHit } from './lib/request-context.server';

/** Called by scripts/serve.mjs on SIGTERM/SIGINT after the HTTP server stopped accepting requests. */
export async function shutdown(): Promise<void> {
  stopMaintenance();
  // Units of work still queued (background check results) get up to 5 s to reach the database.
  const deadline = Date.now() + 5_000;
  while (writesPending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await releaseInstanceLease().catch(() => {});
  await disconnectDb().catch(() => {});
}

/**
 * React Router refuses a form post whose Origin is another site before any action runs (its own CSRF check) and
 * reports it as an error. It is an expected refusal, not a fault: one warning line, no stack.
 */
function isRefusedCrossOriginPost(error: unknown, request: Request): boolean {
  return (
    error instanceof Error &&
    /origin does not match `origin` header/.test(error.message) &&
    !sameOriginRequest(request)
  );
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRefusedCrossOriginPost(error, request)) {
    logger.warn('csrf', 'cross-site form post refused', {
      method: request.method,
      path: new URL(request.url).pathname,
      origin: request.headers.get('origin'),
    });
    return;
  }
  logger.error('render', 'unhandled error', {
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
};

function setPageHeaders(headers: Headers, nonce: string, formAction: string) {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https: http:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      `form-action ${formAction}`,
      "object-src 'none'",
    ].join('; '),
  );
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = renderNonce(loadContext);
  const formAction = formActionFor(responseHeaders);
  const info = loadContext.get(requestInfoContext);
  // A signed-in dashboard rendered from the same data as before is sent as it was (app/lib/render-memo.server.ts).
  const memoKey = renderMemoKey(
    request,
    responseStatusCode,
    routerContext,
    Boolean(info?.actor),
    Boolean(info?.flash),
  );
  // `X-Render-Memo: hit | miss` says whether it was (for operators and the tests).
  const respond = (page: PageBody, state: 'hit' | 'miss') => {
    setPageHeaders(responseHeaders, nonce, formAction);
    responseHeaders.set('Content-Length', String(page.length));
    responseHeaders.set('X-Render-Memo', state);
    responseHeaders.append('Vary', 'Accept-Encoding');
    if (page.encoding) responseHeaders.set('Content-Encoding', page.encoding);
    return new Response(page.stream, { headers: responseHeaders, status: responseStatusCode });
  };
  const gzip = acceptsGzip(request);
  const remembered = memoKey ? rememberedPage(memoKey, nonce, gzip) : null;
  if (remembered) return respond(remembered, 'hit');
  const renderedNonce = memoKey ? NONCE_MARK : nonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Pages are rendered completely before sending: they must work without JavaScript, so nothing is deferred.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={renderedNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={renderedNonce} />
      </NonceContext.Provider>,
      {
        nonce: renderedNonce,
        onAllReady() {
          if (memoKey) {
            // Rendered with the nonce's mark: collected, kept if it is a plain page, sent with this response's nonce.
            const chunks: Buffer[] = [];
            const sink = new PassThrough();
            sink.on('data', (chunk: Buffer) => chunks.push(chunk));
            sink.on('end', () => {
              clearTimeout(timeoutId);
              const html = Buffer.concat(chunks).toString('utf8');
              const page = rememberPage(memoKey, html, nonce, responseStatusCode === 200, gzip);
              resolve(respond(page, 'miss'));
            });
            sink.on('error', reject);
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          setPageHeaders(responseHeaders, nonce, formAction);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          handleError(error, { request, params: {}, context: loadContext } as never);
        },
      },
    );
  });
}
