import { defineConfig } from '@playwright/test';

// Each spec file runs against its own fresh app instance (tests/e2e/instance.ts, started by the `instance` fixture):
// files are independent of each other and of their order, and run in parallel workers. `npm test` starts the test
// FerretDB/MinIO and passes their addresses in TEST_* variables; a plain `npx playwright test` starts them and
// builds the app when it is older than its sources (tests/e2e/global-setup.ts).
const workers = Number(process.env.E2E_WORKERS ?? 2);
// The opt-in run (npm run test:heavy, TEST_HEAVY=1) adds the *.heavy.spec.ts files, and every journey then also
// scans its pages for accessibility and takes screenshots for people (tests/e2e/fixtures.ts).
const heavy = process.env.TEST_HEAVY === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: heavy ? [] : ['**/*.heavy.spec.ts'],
  outputDir: '.tmp/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  // Tests in one file share its instance and run in order; files are spread over the workers.
  fullyParallel: false,
  workers,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Test machines have no internet: a name outside loopback fails at once instead of waiting on DNS.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
        // A test's page lives seconds: V8's optimising compilers (TurboFan, Maglev) cost more than they return
        // there. Without them the browser's page processes used ~10% less CPU over the journeys, the same results.
        '--js-flags=--no-opt,--no-maglev',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'no-js', use: { javaScriptEnabled: false } },
    { name: 'js', use: { javaScriptEnabled: true } },
  ],
});
