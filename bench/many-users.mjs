// Many users on the embedded database: 100 users x 1,000 cards. A user's first list request after a restart (the
// space is loaded with its owner queries) and warm p95, with the app's RSS against the cache budget.
// BENCH_CPU_PROF=1 writes a CPU profile of the app to .tmp/bench/many-users-prof.
import {
  benchServices,
  cpuProfile,
  log,
  machine,
  rssMb,
  runSeed,
  sample,
  setupAdmin,
  startApp,
  writeResults,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const CARDS = Number(process.env.BENCH_USER_CARDS ?? 1000);
const COLD = 3;
const BUDGET = 64 * 1024 * 1024;

export async function run() {
  const services = await benchServices('users');
  try {
    const first = await startApp(services.env);
    await setupAdmin(first.url);
    await first.stop();
    const started = Date.now();
    // The seeder writes each space's image as the app does after commits (storage settings from the services).
    Object.assign(process.env, services.env);
    const seeded = runSeed('seed-users.ts', services.env.MONGODB_URI, USERS, CARDS);
    const sessions = JSON.parse(seeded.trim().split('\n').at(-1));
    log(`seeded ${USERS} x ${CARDS} cards in ${Math.round((Date.now() - started) / 1000)} s`);
    const app = await startApp(services.env, { SPACE_CACHE_BYTES: String(BUDGET) }, cpuProfile('many-users'));
    try {
      const list = async (s) => {
        const res = await fetch(`${app.url}/api/navigation/cards`, { headers: { cookie: s.cookie } });
        if (!res.ok) throw new Error(`list: ${res.status}`);
        return (await res.json()).total;
      };
      const cold = [];
      for (let i = 0; i < COLD; i++) {
        const s = sessions[(i * 37) % sessions.length];
        const t = performance.now();
        const n = await list(s);
        cold.push(Math.round(performance.now() - t));
        log(`first list of ${s.userId} after the restart: ${cold.at(-1)} ms (${n} cards)`);
      }
      const warmUsers = Array.from({ length: COLD }, (_, i) => sessions[(i * 37) % sessions.length]);
      const warm = await sample((i) => list(warmUsers[i % COLD]), 150);
      const rss = rssMb(app.pid);
      const figures = { cold, warm, rssMb: rss, budgetMb: BUDGET / 1024 / 1024 };
      console.log(JSON.stringify(figures));
      writeResults(
        'many-users',
        `## Many users on the embedded database (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL). ${USERS} users x ${CARDS.toLocaleString('en')} site cards
(${(USERS * CARDS).toLocaleString('en')} cards in the collection), app restarted with \`SPACE_CACHE_BYTES=${BUDGET}\`.
Command: \`npm run bench -- many-users\` (bench/many-users.mjs). Goals: first request < 1 s, warm p95 < 50 ms.

| Figure | Value |
|---|---|
| A user's first \`GET /api/navigation/cards\` (their first page) after the restart (${COLD} users, in order) | ${cold.join(' ms, ')} ms |
| Warm \`GET /api/navigation/cards\` of those users, p50 / p95 / p99 | ${warm.p50} / ${warm.p95} / ${warm.p99} ms |
| App RSS afterwards / space cache budget | ${rss} MB / ${BUDGET / 1024 / 1024} MB |

The first request loads the user's space with one query by owner per collection (docs/decisions.md §24). Warm
requests find the session and the user in short caches and check the space's revision off the request path
("Warm reads without round trips"). On FerretDB's SQLite backend without space images (2026-11-23,
load 15.7): first requests 165, 95 and 112 s, warm p50 / p95 / p99 193 / 595 / 805 ms, RSS 129 MB.`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    await services.stop();
  }
}
