#!/usr/bin/env node
// `npm run bench [-- name ...]`: runs the benchmarks in bench/ and updates bench/RESULTS.md.
const all = [
  'foundation',
  'navigation',
  'hostile-notes',
  'writes',
  'two-instances',
  'many-users',
  'home',
  'bookmarks-import',
  'files',
  'online-check',
  'snapshots',
  'data-layer',
  'store',
  'hostile',
  'migration',
];
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of names.length ? names : all) {
  const mod = await import(`../bench/${name}.mjs`);
  process.stderr.write(`[bench] ${name}...\n`);
  await mod.run();
}
