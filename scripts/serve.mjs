#!/usr/bin/env node
// Production HTTP server for the built app, in the shape of React Router's official node-custom-server template.
// We do not use the react-router-serve CLI because the app needs the client's socket address (rate limits key on
// it; X-Forwarded-For is believed only with TRUST_PROXY) and a graceful shutdown. See docs/decisions.md.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Set before React and React Router load (hence the dynamic imports below): they pick their build from NODE_ENV.
process.env.NODE_ENV ??= 'production';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { createRequestHandler } = await import('@react-router/express');
const { default: compression } = await import('compression');
const { default: express } = await import('express');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
// Importing the build validates the environment (server/env.ts) and exits with a one-line error if it is wrong.
const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);

const CLIENT_IP_HEADER = 'x-sakura-client-ip';
const trustRaw = process.env.TRUST_PROXY ?? 'false';
const trustHops = trustRaw === 'true' ? 1 : /^\d+$/.test(trustRaw) ? Number(trustRaw) : 0;

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustHops);
app.use(
  compression({
    // Server-sent events must flow unbuffered.
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').includes('text/event-stream') && compression.filter(req, res),
  }),
);
app.use(
  '/assets',
  express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
);
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false }));
app.use((req, _res, next) => {
  // Always overwrite: a client must not be able to choose the address it is rate-limited under.
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  next();
});
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const server = app.listen(port, host, () => {
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', module: 'http', message: `listening on http://${shown}:${port}` }));
});
server.keepAliveTimeout = 65_000;

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    server.close(async () => {
      try {
        await build.entry?.module?.shutdown?.();
      } finally {
        process.exit(0);
      }
    });
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
