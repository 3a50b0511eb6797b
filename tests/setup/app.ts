// Runs the built app in this test process on an ephemeral port, so API tests go over real HTTP (routing, cookies,
// headers, body limits) against the same FerretDB and MinIO.
import type { Server } from 'node:http';
import path from 'node:path';

let started: Promise<{ url: string; server: Server }> | undefined;

export function appUrl(): Promise<string> {
  started ??= (async () => {
    const { createHttpApp } = await import('../../scripts/lib/http-app.mjs');
    const { app } = await createHttpApp({
      buildDir: path.resolve(import.meta.dirname, '../../build'),
      trustProxy: 1,
    });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return { url: `http://127.0.0.1:${address.port}`, server };
  })();
  return started.then((s) => s.url);
}
