import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './tools.mjs';

const SOURCES = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];
const STAMP = path.join(ROOT, 'build/.built-at');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

/** Builds the app when there is no build or a source file is newer than the last build. */
export function buildIfStale(log) {
  const built =
    existsSync(STAMP) && existsSync(path.join(ROOT, 'build/server/index.js')) ? statSync(STAMP).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (built && built >= newest) return;
  log(built ? 'sources changed: rebuilding the app...' : 'building the app (first run)...');
  const res = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('the build failed (run `npm run build` to see why)');
  writeFileSync(STAMP, new Date().toISOString());
}

/** Marks the build in build/ as made from the current sources (for a build run by another command). */
export function stampBuild() {
  writeFileSync(STAMP, new Date().toISOString());
}
