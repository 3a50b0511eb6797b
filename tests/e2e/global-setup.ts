// Runs once before the browser tests. `npm test` has already started the test services and built the app; a plain
// `npx playwright test` starts the services here and rebuilds the app when a source is newer than the build, so it
// never tests an old build.
export default async function globalSetup() {
  const { buildIfStale } = await import('../../scripts/lib/build.mjs');
  if (!process.env.TEST_MONGODB_BASE) {
    const { profileConfig, startServices, appEnv } = await import('../../scripts/lib/services.mjs');
    const cfg = profileConfig('test');
    await startServices(cfg);
    const e = appEnv(cfg) as Record<string, string>;
    // Inherited by the workers.
    process.env.TEST_MONGODB_BASE = e.MONGODB_URI!.replace(/\/[^/]*$/, '');
    process.env.TEST_S3_ENDPOINT = e.S3_ENDPOINT;
    process.env.TEST_S3_ACCESS_KEY = e.S3_ACCESS_KEY;
    process.env.TEST_S3_SECRET_KEY = e.S3_SECRET_KEY;
  }
  buildIfStale((m: string) => process.stderr.write(`[e2e] ${m}\n`));
}
