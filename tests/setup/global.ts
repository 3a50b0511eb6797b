// Runs once before all vitest workers. `npm test` has already started the test services and built the app; when
// vitest is run on its own this starts the services, and in both cases the app is rebuilt when a source is newer
// than the build, so a plain `npx vitest` never tests an old build.
export default async function globalSetup() {
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
  const { buildIfStale } = await import('../../scripts/lib/build.mjs');
  buildIfStale((m: string) => process.stderr.write(`[vitest] ${m}\n`));
}
