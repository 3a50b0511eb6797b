import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Opt-in checks (npm run test:heavy, docs/testing.md): *.heavy.test.ts files run only then, and only they.
const heavy = process.env.TEST_HEAVY === '1';
const FILES = [
  'server/**/*.test.ts',
  'app/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'tests/api/**/*.test.ts',
];

// Files run one after another in a shared process per worker (`isolate: false`): the built app, mongoose and the AWS
// SDK are loaded once per worker instead of once per file, about half the suite's CPU. These files get a fresh
// process each, as every file did before (found by running the suite shared: each of them failed there).
const ISOLATED = [
  // They set the environment before the app reads it at its start.
  'tests/api/metrics.test.ts',
  'tests/api/online-check-on-save.test.ts',
  'tests/api/signed-cookies.test.ts',
  // It races two schedulers for leases: the app started in a shared process by another file runs a third.
  'server/online-check/online-check.service.test.ts',
  // They run `npm start` five times each (15-40 s): isolated files start first, where the sequencer would put these
  // small files last (larger first, when it knows no durations: a fresh clone) and the run would end on them alone.
  'tests/api/crash.test.ts',
  'tests/api/crash-wholesale.test.ts',
];
// The opt-in files measure memory and stalls: each keeps a process of its own, as before.
const include = heavy ? FILES.map((f) => f.replace(/\.test\.ts$/, '.heavy.test.ts')) : FILES;
const exclude = heavy ? configDefaults.exclude : [...configDefaults.exclude, '**/*.heavy.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
    },
  },
  test: {
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/worker.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // The opt-in checks move and time hundreds of MB; a loaded shared machine makes them slower still.
    testTimeout: heavy ? 300_000 : 30_000,
    hookTimeout: 120_000,
    // Unhandled rejections and errors fail the run (vitest's default); keep it explicit.
    dangerouslyIgnoreUnhandledErrors: false,
    // A project's include and exclude add to the root's (extends: true), so the root has none.
    projects: heavy
      ? [
          {
            extends: true as const,
            // One file at a time: they time the event loop and sample memory, which a second file working beside
            // them on two cores disturbed (a stall check failed at 361 ms against its 294 ms bound).
            test: { name: 'heavy', include, exclude, fileParallelism: false },
          },
        ]
      : [
          {
            extends: true as const,
            test: { name: 'shared', isolate: false, include, exclude: [...exclude, ...ISOLATED] },
          },
          ...(ISOLATED.length
            ? [
                {
                  extends: true as const,
                  test: { name: 'isolated', isolate: true, include: ISOLATED, exclude },
                },
              ]
            : []),
        ],
  },
});
