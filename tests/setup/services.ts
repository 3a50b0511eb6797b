// What both runners' global setups do first: `npm test` has already started the test services and built the app;
// a runner started on its own (`npx vitest`, `npx playwright test`) starts the services here, and in both cases the
// app is rebuilt when a source is newer than the build, so a plain runner never tests an old build.
export async function readyForTests(runner: string): Promise<void> {
  if (!process.env.TEST_MONGODB_BASE) {
    const { profileConfig, startServices, appEnv } = await import('../../scripts/lib/services.mjs');
    const cfg = profileConfig('test');
    await startServices(cfg);
    const e = appEnv(cfg) as Record<string, string>;
    // Inherited by the runner's workers.
    process.env.TEST_MONGODB_BASE = e.MONGODB_URI!.replace(/\/[^/]*$/, '');
    process.env.TEST_S3_ENDPOINT = e.S3_ENDPOINT;
    process.env.TEST_S3_ACCESS_KEY = e.S3_ACCESS_KEY;
    process.env.TEST_S3_SECRET_KEY = e.S3_SECRET_KEY;
  }
  const { buildIfStale } = await import('../../scripts/lib/build.mjs');
  buildIfStale((m: string) => process.stderr.write(`[${runner}] ${m}\n`));
}
