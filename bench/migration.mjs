// Migrating a whole SakuraNav 1.x instance (issue 28): 10 users × 1,000 website cards, each in a tag, as the older
// service's global configuration archive (SQLite database + manifest, built from compat §6.1 by
// tests/fixtures/sakuranav-instance.ts). The archive is uploaded to POST /api/config/migrate, first as a dry run,
// then for real, while the progress record is polled. Target: the import ≤ 60 s.
import { tsImport } from 'tsx/esm/api';
import { cpuSeconds, log, machine, rssSampler, sampler, withAdminApp, writeResults } from './lib.mjs';

/** How often the progress route is sampled while the import runs. */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 250);
const USERS = 10;
const CARDS = 1000;

export async function run() {
  const { sakuranavInstance } = await tsImport('../tests/fixtures/sakuranav-instance.ts', import.meta.url);
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: i === 0 ? '__admin__' : `user-00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    username: i === 0 ? 'oldadmin' : `member${i}`,
    password: `Member${i}pw`,
    extraCards: CARDS,
  }));
  const t0 = performance.now();
  const zip = await sakuranavInstance({ users, settings: { site_name: 'Old Nav' } });
  const buildMs = performance.now() - t0;
  log(`archive: ${(zip.length / 1024 / 1024).toFixed(1)} MB in ${buildMs.toFixed(0)} ms`);

  const bench = async ({ app, cookie }) => {
    const post = async (fields, progressId) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([zip], { type: 'application/zip' }), 'old.zip');
      const headers = { cookie, origin: app.url, 'sec-fetch-site': 'same-origin' };
      if (progressId) headers['x-progress-id'] = progressId;
      const started = performance.now();
      const res = await fetch(`${app.url}/api/config/migrate`, { method: 'POST', headers, body: form });
      const json = await res.json();
      if (!res.ok) throw new Error(`migrate: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - started, json };
    };
    const dry = await post({ dryRun: 'true' });
    log(`dry run: ${dry.ms.toFixed(0)} ms, ${dry.json.totals.cards} cards`);
    // Progress polled while the import runs, every BENCH_POLL_MS (a sampling rate, not a wait for the import).
    const seen = [];
    const poller = sampler(async () => {
      const r = await fetch(`${app.url}/api/config/progress?id=bench-migration`, { headers: { cookie } });
      if (!r.ok) return;
      const p = await r.json();
      const last = seen.at(-1);
      if (!last || last.phase !== p.phase || last.done !== p.done)
        seen.push({ phase: p.phase, done: p.done, total: p.total });
    }, POLL_MS);
    const rss = rssSampler(app.pid);
    const cpu0 = cpuSeconds(app.pid);
    const real = await post({ mode: 'incremental' }, 'bench-migration');
    const cpu = cpuSeconds(app.pid) - cpu0;
    const peak = rss.stop();
    await poller.stop();
    log(
      `import: ${real.ms.toFixed(0)} ms, ${real.json.accountsCreated} accounts, ${real.json.totals.cards} cards`,
    );
    const updates = seen.map((p) => `${p.phase} ${p.done}/${p.total}`).join(', ');
    writeResults(
      'migration',
      `## Migrating a SakuraNav instance, ${USERS} users × ${CARDS.toLocaleString('en')} cards (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback.
Command: \`npm run bench -- migration\` (bench/migration.mjs). The older service's global configuration archive
(SQLite database of ${USERS} users with ${CARDS.toLocaleString('en')} website cards each, every card in a tag;
${(zip.length / 1024 / 1024).toFixed(1)} MB zipped) is built from its documented layout, then uploaded to
\`POST /api/config/migrate\` as a dry run and then imported while \`/api/config/progress\` is polled every ${POLL_MS} ms.

| Figure | Value |
|---|---|
| Dry run (read + check every row, nothing written) | ${(dry.ms / 1000).toFixed(1)} s |
| Import (check again, then ${USERS - 1} accounts created, ${USERS} spaces written) | ${(real.ms / 1000).toFixed(1)} s (target ≤ 60 s) |
| Cards imported | ${real.json.totals.cards.toLocaleString('en')} |
| App CPU during the import | ${cpu.toFixed(1)} s |
| App peak RSS during the import | ${peak.toFixed(0)} MB |
| Progress updates seen | ${seen.length}: ${updates} |`,
    );
  };
  await withAdminApp('migration', bench);
}
