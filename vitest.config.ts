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

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#server': fileURLToPath(new URL('./server', import.meta.url)),
    },
  },
  test: {
    include: heavy ? FILES.map((f) => f.replace(/\.test\.ts$/, '.heavy.test.ts')) : FILES,
    exclude: heavy ? configDefaults.exclude : [...configDefaults.exclude, '**/*.heavy.test.ts'],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/worker.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // The opt-in checks move and time hundreds of MB; a loaded shared machine makes them slower still.
    testTimeout: heavy ? 300_000 : 30_000,
    hookTimeout: 120_000,
    // Unhandled rejections and errors fail the run (vitest's default); keep it explicit.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
