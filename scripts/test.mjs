#!/usr/bin/env node
// `npm test`: installs what the tests need (Debian's headless Chromium, FerretDB, MinIO; PostgreSQL comes with npm
// install), starts separate test instances of the services (PostgreSQL, FerretDB on it, MinIO), builds the app, runs
// vitest and Playwright, and prints one closing line `N passed, N failed`.
//   --only=vitest | --only=e2e    run one suite
//   --heavy                       the opt-in group instead (npm run test:heavy): *.heavy.test.ts, and every browser
//                                 spec with *.heavy.spec.ts, accessibility scans and screenshots (docs/testing.md)
//   other arguments go to the runners (e.g. a file filter: npm run test:unit -- tests/api/health.test.ts)
// The app is built first when a source is newer than the last build (always on a fresh clone).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/tools.mjs';
import { buildState, stampBuild } from './lib/build.mjs';
import { precompress } from './lib/precompress.mjs';
import { appEnv, profileConfig, startServices, stopServices } from './lib/services.mjs';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.split('=')[1];
// `npm run test:unit -- tests/api/x.test.ts` (npm drops its own `--`) and `node scripts/test.mjs -- <args>` alike:
// everything but our own `--only=` goes to the runners.
const heavy = args.includes('--heavy');
const passThrough = args.filter((a) => a !== '--' && a !== '--heavy' && !a.startsWith('--only='));
const OUT = path.join(ROOT, '.tmp');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

function log(message) {
  process.stderr.write(`[test] ${message}\n`);
}

function run(cmd, argv, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';

/**
 * Debian's headless Chromium (chromium-headless-shell: the browser without its windowing layer, much lighter to start
 * and run than the full `chromium` package) for Playwright, plus a CJK font so Chinese pages render (and screenshot)
 * as text.
 */
function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(CJK_FONT)) return;
  log(
    'installing headless Chromium and a CJK font for the browser tests (apt-get install -y chromium-headless-shell fonts-wqy-zenhei)...',
  );
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const apt = (...a) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...a], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const packages = ['chromium-headless-shell', 'fonts-wqy-zenhei'];
  let res = apt('install', '-y', '--no-install-recommends', ...packages);
  if (res.status !== 0) {
    apt('update');
    res = apt('install', '-y', '--no-install-recommends', ...packages);
  }
  if (res.status !== 0 || !existsSync(CHROMIUM)) {
    throw new Error(
      `could not install chromium-headless-shell; install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH`,
    );
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes in runner messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? '';

/** `file › test: first line of the error` for each failed vitest test, or file that failed outside its tests. */
function vitestFailures(r) {
  const out = [];
  for (const file of r.testResults ?? []) {
    const name = path.relative(ROOT, file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const t of tests) out.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && tests.length === 0) out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** `[project] file › title: first line of the error` for each Playwright test that failed on its last try. */
function playwrightFailures(r) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        out.push(`[${t.projectName}] ${file} › ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of r.suites ?? []) walk(suite, suite.file ?? suite.title);
  return out;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const wantVitest = only !== 'e2e';
  const wantE2e = only !== 'vitest';
  if (wantE2e) ensureChromium();

  const cfg = profileConfig('test');
  // The build (CPU) runs while the services start (mostly waiting on disk and processes).
  const state = buildState();
  const buildStarted = new Date();
  if (state !== 'current')
    log(state === 'stale' ? 'sources changed: rebuilding the app...' : 'building the app...');
  const building =
    state === 'current'
      ? Promise.resolve(0)
      : run('npx', ['react-router', 'build'], { NODE_ENV: 'production' });
  // Each run starts from empty test services.
  await stopServices(cfg);
  rmSync(cfg.dataDir, { recursive: true, force: true });
  rmSync(path.join(OUT, 'test-data'), { recursive: true, force: true });
  rmSync(path.join(OUT, 'e2e'), { recursive: true, force: true });
  await startServices(cfg);
  const svc = appEnv(cfg);
  const testEnv = {
    TEST_MONGODB_BASE: svc.MONGODB_URI.replace(/\/[^/]*$/, ''),
    TEST_S3_ENDPOINT: svc.S3_ENDPOINT,
    TEST_S3_ACCESS_KEY: svc.S3_ACCESS_KEY,
    TEST_S3_SECRET_KEY: svc.S3_SECRET_KEY,
    CHROMIUM_PATH: CHROMIUM,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Cheap password hashes (N = 1024 instead of 32768): the suite hashes and checks passwords hundreds of times.
    PASSWORD_HASH_COST: '10',
    ...(heavy ? { TEST_HEAVY: '1' } : {}),
  };

  let passed = 0;
  let failed = 0;
  let crashed = false;
  // Repeated just above the closing line, so a log cut to its tail (CI keeps the last part) still names them.
  const failures = [];
  try {
    if ((await building) !== 0) {
      failed += 1;
      crashed = true;
      log('build failed');
      return { passed, failed };
    }
    // So that `npm start` run by a test (tests/api/crash.test.ts) uses this build rather than rebuilding under it.
    if (state !== 'current') {
      precompress(path.join(ROOT, 'build/client'));
      stampBuild(buildStarted);
    }
    if (wantVitest) {
      const file = path.join(OUT, 'vitest-results.json');
      rmSync(file, { force: true });
      const code = await run(
        'npx',
        [
          'vitest',
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${file}`,
          ...passThrough,
        ],
        testEnv,
      );
      const r = readJson(file);
      if (r) {
        passed += r.numPassedTests ?? 0;
        // A file that fails outside its tests (import error, failing hook) has no failed assertion: count it once.
        const fileErrors = (r.testResults ?? []).filter(
          (t) => t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed'),
        ).length;
        failed += (r.numFailedTests ?? 0) + fileErrors;
        failures.push(...vitestFailures(r));
      }
      if (code !== 0 && (!r || r.numFailedTests === 0)) {
        failed += 1;
        crashed = true;
        log(`vitest exited with code ${code}`);
      }
    }
    if (wantE2e) {
      const file = path.join(OUT, 'playwright-results.json');
      rmSync(file, { force: true });
      const code = await run('npx', ['playwright', 'test', ...passThrough], {
        ...testEnv,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      });
      const r = readJson(file);
      if (r?.stats) {
        passed += (r.stats.expected ?? 0) + (r.stats.flaky ?? 0);
        failed += r.stats.unexpected ?? 0;
        failures.push(...playwrightFailures(r));
      }
      if (code !== 0 && (!r?.stats || (r.stats.unexpected ?? 0) === 0)) {
        failed += 1;
        crashed = true;
        log(`playwright exited with code ${code}`);
      }
    }
  } finally {
    await stopServices(cfg);
  }
  if (crashed) log('a runner failed outside of its tests (counted as one failure)');
  for (const f of failures) log(`failed: ${f}`);
  return { passed, failed };
}

main()
  .then(({ passed, failed }) => {
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  })
  .catch((err) => {
    console.error(`[test] ${err.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
