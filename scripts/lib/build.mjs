import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './tools.mjs';
import { precompress } from './precompress.mjs';

const SOURCES = [
  'app',
  'server',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts/lib/precompress.mjs',
];
// Tests sit beside the code in server/ but are not part of the build.
const NOT_BUILT = /\.test\.tsx?$/;
const STAMP = path.join(ROOT, 'build/.built-at');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (!NOT_BUILT.test(entry)) max = Math.max(max, newestMtime(path.join(p, entry)));
  }
  return max;
}

/** 'missing' (no build yet), 'stale' (a source is newer than the last build) or 'current'. */
export function buildState() {
  const built =
    existsSync(STAMP) && existsSync(path.join(ROOT, 'build/server/index.js')) ? statSync(STAMP).mtimeMs : 0;
  if (!built) return 'missing';
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return built >= newest ? 'current' : 'stale';
}

/** Builds the app when there is no build or a source file is newer than the last build. */
export function buildIfStale(log) {
  const state = buildState();
  if (state === 'current') return;
  log(state === 'stale' ? 'sources changed: rebuilding the app...' : 'building the app (first run)...');
  const started = new Date();
  const res = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('the build failed (run `npm run build` to see why)');
  precompress(path.join(ROOT, 'build/client'));
  stampBuild(started);
}

/**
 * Marks the build in build/ as made from the sources as they were at `startedAt` (when the build began), so a
 * source saved during the build still counts as newer.
 */
export function stampBuild(startedAt = new Date()) {
  writeFileSync(STAMP, startedAt.toISOString());
  utimesSync(STAMP, startedAt, startedAt);
}
