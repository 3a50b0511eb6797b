// The production HTTP app for a built React Router server bundle (shape of React Router's node-custom-server
// template). Used by scripts/serve.mjs and by the API tests, which run the built app in-process over real HTTP.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const CLIENT_IP_HEADER = 'x-sakura-client-ip';

/** Number of trusted reverse proxies from TRUST_PROXY (true = 1). */
export function trustHops(value = process.env.TRUST_PROXY ?? 'false') {
  return value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : 0;
}

export async function createHttpApp({ buildDir, trustProxy = trustHops() }) {
  const { createRequestHandler } = await import('@react-router/express');
  const { default: compression } = await import('compression');
  const { default: express } = await import('express');
  const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(
    compression({
      // Server-sent events must flow unbuffered.
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').includes('text/event-stream') &&
        compression.filter(req, res),
    }),
  );
  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  const files = express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false });
  // No file lives under /api: skip the filesystem lookup for every API call.
  app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  app.use((req, _res, next) => {
    // Always overwrite: a client must not be able to choose the address it is rate-limited under.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    next();
  });
  app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));
  return { app, build };
}
