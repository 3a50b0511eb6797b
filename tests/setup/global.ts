// Runs once before all vitest workers. `npm test` has already started the test services and built the app; when
// vitest is run on its own this does both, so `npx vitest` works too.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!process.env.TEST_MONGODB_BASE) {
    const { profileConfig, startServices, appEnv } = await import('../../scripts/lib/services.mjs');
    const cfg = profileConfig('test');
    await startServices(cfg);
    const e = appEnv(cfg) as Record<string, string>;
    process.env.TEST_MONGODB_BASE = e.MONGODB_URI!.replace(/\/[^/]*$/, '');
    process.env.TEST_S3_ENDPOINT = e.S3_ENDPOINT;
    process.env.TEST_S3_ACCESS_KEY = e.S3_ACCESS_KEY;
    process.env.TEST_S3_SECRET_KEY = e.S3_SECRET_KEY;
  }
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  }
}
