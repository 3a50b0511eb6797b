// The production HTTP app for a built React Router server bundle (shape of React Router's node-custom-server
// template). Used by scripts/serve.mjs and by the API tests, which run the built app in-process over real HTTP.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const CLIENT_IP_HEADER = 'x-sakura-client-ip';
/** The address and port the connection arrived at (server/auth/origin.ts believes a Host that names it). */
export const LOCAL_ADDRESS_HEADER = 'x-sakura-local-address';

/** A socket's local address and port as a URL's host names them: `10.0.0.2:3000`, `[fe80::1]:3000`. */
function localAddress(socket) {
  const address = String(socket.localAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
  return `${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/**
 * Node flags the app server runs with (scripts/start.mjs, the Dockerfile's CMD and the benchmarks): a small young
 * generation, and an old generation that grows by 25 % of what survived a full collection instead of V8's larger
 * steps, keep the resident memory of a busy server near its working set (bench/RESULTS.md "Home page under load":
 * peak RSS 378 MB with the first flag alone, 170 MB with both, at the same throughput); a quarter of V8's default
 * interrupt budget optimises the hot request paths sooner after a start (a new process's first 500 creates from 8
 * clients: 208-247/s without, 259-274/s with it). docs/decisions.md §35.
 */
export const APP_NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=25',
  '--interrupt-budget=16896',
];

/** Number of trusted reverse proxies from TRUST_PROXY (true = 1). */
export function trustHops(value = process.env.TRUST_PROXY ?? 'false') {
  return value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : 0;
}

/**
 * A bounded label for a request's path in the metrics: `/api/<area>/<name>` with ids as `:id`, a page's first
 * segment, `/assets`; anything answered 404 is `unmatched` (so probes for random paths add no series).
 */
export function routeGroup(pathname, status) {
  if (status === 404) return 'unmatched';
  const parts = pathname.split('/').filter(Boolean);
  if (!parts.length) return '/';
  if (parts[0] === 'assets') return '/assets';
  const id = (s) => ((/\d/.test(s) && s.length > 6) || s.length > 40 ? ':id' : s);
  return `/${(parts[0] === 'api' ? parts.slice(0, 3) : parts.slice(0, 1)).map(id).join('/')}`;
}

/** Every request's duration by method, route group and status class (`GET /metrics`, server/metrics). */
async function requestTimer() {
  const { default: client } = await import('prom-client');
  const name = 'http_request_duration_seconds';
  const histogram =
    client.register.getSingleMetric(name) ??
    new client.Histogram({
      name,
      help: 'HTTP requests by method, route group and status class, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      histogram.observe(
        {
          method: req.method,
          route: routeGroup(req.path ?? '/', res.statusCode),
          status: `${Math.floor(res.statusCode / 100)}xx`,
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

/** A refusal in the shape callers expect: JSON under /api (docs/api.md), plain text elsewhere; never a stack. */
function refuse(req, res, status, code, message) {
  res.status(status).set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  if (/^\/api(\/|$)/.test(req.path ?? '')) res.json({ error: message, code });
  else res.type('text/plain').send(message);
}

export async function createHttpApp({ buildDir, trustProxy = trustHops() }) {
  // Our copy of @react-router/express: see rr-express.mjs for what it changes and why.
  const { createRequestHandler, requestUrl, RequestRefused } = await import('./rr-express.mjs');
  const { default: compression } = await import('compression');
  const { default: express } = await import('express');
  const { default: expressStaticGzip } = await import('express-static-gzip');
  const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);

  const app = express();
  app.disable('x-powered-by');
  app.use(await requestTimer());
  app.set('trust proxy', trustProxy);
  // Every request is checked first, static files too: one the app cannot build a URL for (a malformed or missing
  // Host, a target that is not a path, TRACE) is a 4xx or 501 from the error handler below, never a 500.
  app.use((req, res, next) => {
    try {
      res.locals.requestUrl = requestUrl(req);
    } catch (err) {
      return next(err);
    }
    next();
  });
  app.use(
    compression({
      // Small bodies (most JSON answers: a created card is 1-2 KB) go as they are: compressing them cost about 6 %
      // of the app's CPU in the write benchmark and saves little on the wire.
      threshold: 8192,
      // Server-sent events must flow unbuffered.
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').includes('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  // Static files carry their real type: browsers must not sniff another one.
  const nosniff = (res) => res.setHeader('X-Content-Type-Options', 'nosniff');
  // The build's precompressed copies (scripts/lib/precompress.mjs) go as they are, brotli first; the compression
  // middleware above leaves an answer that has its encoding already.
  const precompressed = (dir, serveStatic) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { ...serveStatic, index: false, setHeaders: nosniff },
    });
  app.use('/assets', precompressed(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
  const files = precompressed(path.join(buildDir, 'client'), { maxAge: '1h' });
  // No file lives under /api, and a path ending in `/` names a directory, never a file (no index files): skip the
  // filesystem lookup, which for `/` also built an error with a stack trace on every home page request (a CPU
  // profile of bench/home.mjs: 9 % of the app's time).
  app.use((req, res, next) =>
    req.path.startsWith('/api/') || req.path.endsWith('/') ? next() : files(req, res, next),
  );
  app.use((req, _res, next) => {
    // Always overwrite: a client must not be able to choose the address it is rate-limited under, nor the one it
    // is believed to have reached the server at.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    req.headers[LOCAL_ADDRESS_HEADER] = localAddress(req.socket);
    next();
  });
  app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));
  // Express's own failures before the app is reached, e.g. a path that does not decode (`/api/%FF`).
  app.use((err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof RequestRefused) return refuse(req, res, err.status, err.code, err.message);
    const status = Number(err?.status ?? err?.statusCode);
    if (status >= 400 && status < 500) {
      return refuse(
        req,
        res,
        status,
        status === 400 ? 'bad_request' : 'request_refused',
        'Malformed request',
      );
    }
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'error', module: 'http', message: 'unhandled error', path: req.path, error: String(err?.stack ?? err) })}\n`,
    );
    refuse(req, res, 500, 'internal', 'Internal server error');
  });
  return { app, build };
}
