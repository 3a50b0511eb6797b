import { defineConfig } from '@playwright/test';

// `npm test` (scripts/test.mjs) starts the test FerretDB/MinIO and passes their addresses in TEST_* variables.
const mongoBase = process.env.TEST_MONGODB_BASE ?? 'mongodb://127.0.0.1:27028';
const s3 = {
  S3_ENDPOINT: process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:9011',
  S3_ACCESS_KEY: process.env.TEST_S3_ACCESS_KEY ?? '',
  S3_SECRET_KEY: process.env.TEST_S3_SECRET_KEY ?? '',
};

/** One app server per project, each with its own database, so both journeys start from a fresh instance. */
function server(name: string, port: number) {
  return {
    command: 'node scripts/serve.mjs',
    port,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...s3,
      MONGODB_URI: `${mongoBase}/e2e_${name}`,
      S3_BUCKET: `e2e-${name}`,
      DATA_DIR: `.tmp/e2e/${name}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'e2e-secret-'.padEnd(64, 'x'),
      LOG_LEVEL: 'warn',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  };
}

// Ports are configurable so two checkouts can run their browser tests at the same time.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'no-js', use: { javaScriptEnabled: false, baseURL: `http://127.0.0.1:${portBase + 1}` } },
    { name: 'js', use: { javaScriptEnabled: true, baseURL: `http://127.0.0.1:${portBase + 2}` } },
  ],
  webServer: [server('nojs', portBase + 1), server('js', portBase + 2)],
});
