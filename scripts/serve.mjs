#!/usr/bin/env node
// Production HTTP server for the built app. We do not use the react-router-serve CLI because the app needs the
// client's socket address (rate limits key on it; X-Forwarded-For is believed only with TRUST_PROXY) and a
// graceful shutdown. See docs/decisions.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Set before React and React Router load (hence the dynamic import): they pick their build from NODE_ENV.
process.env.NODE_ENV ??= 'production';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { createHttpApp } = await import('./lib/http-app.mjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Importing the build validates the environment (server/env.ts) and exits with a one-line error if it is wrong.
const { app, build } = await createHttpApp({
  buildDir: path.resolve(root, process.env.BUILD_DIR ?? 'build'),
});

// On the embedded store this must be the only app instance (server/instance-lease.ts): checked before listening.
await build.entry?.module?.ready?.();

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const server = app.listen(port, host, () => {
  const shown = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const line = {
    time: new Date().toISOString(),
    level: 'info',
    module: 'http',
    message: `listening on http://${shown}:${port}`,
  };
  console.log(JSON.stringify(line));
});
server.keepAliveTimeout = 65_000;
server.on('error', (err) => {
  console.error(`Cannot listen on ${host ?? '*'}:${port}: ${err.message}`);
  process.exit(1);
});

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
