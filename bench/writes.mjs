// Card creation under concurrency: 8 clients creating cards one request each (POST /api/site-cards) into one space
// that grows from 0 to 10,000 cards, creates/s at the start and at the end; then one client alone, likewise. BENCH_CPU_PROF=1 writes a CPU
// profile of the app to .tmp/bench/writes-prof.
import { cpuProfile, log, machine, rssMb, withAdminApp, writeResults } from './lib.mjs';

const TOTAL = Number(process.env.BENCH_WRITES ?? 10_000);
const CLIENTS = 8;
const WINDOW = 500;
/**
 * Online checks (after each save and every minute) are switched off by default: every check result is an update
 * by `_id`, which FerretDB v1 answers by decoding the whole cards collection (docs/decisions.md §24), so with them
 * on the figures measure the checks more than the writes. BENCH_ONLINE_CHECKS=on keeps the default settings.
 */
const CHECKS = process.env.BENCH_ONLINE_CHECKS === 'on';

async function createMany(url, headers, count, clients, offset) {
  const times = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const t = performance.now();
      const res = await fetch(`${url}/api/site-cards`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Site ${offset + i}`, url: `https://s${offset + i}.example.com/p` }),
      });
      if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push({ end: performance.now(), ms: performance.now() - t });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, worker));
  return { started, times };
}

function rate(run, from, to) {
  const slice = run.times.slice(from, to);
  const begin = from === 0 ? run.started : run.times[from - 1].end;
  const secs = (slice.at(-1).end - begin) / 1000;
  const ms = slice.map((t) => t.ms).sort((a, b) => a - b);
  return { perSec: Math.round(slice.length / secs), p50: Math.round(ms[Math.floor(ms.length / 2)]) };
}

export async function run() {
  const bench = async ({ app, headers }) => {
    if (!CHECKS) {
      const res = await fetch(`${app.url}/api/settings`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ onlineCheckEnabled: false }),
      });
      if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
    }
    // One client into the new space first (start), then 8 clients, then one client again (end).
    const oneStart = await createMany(app.url, headers, WINDOW, 1, 0);
    log(`8 clients, ${TOTAL} creates...`);
    const eight = await createMany(app.url, headers, TOTAL, CLIENTS, WINDOW);
    eight.times.sort((a, b) => a.end - b.end);
    const start8 = rate(eight, 0, WINDOW);
    const end8 = rate(eight, TOTAL - WINDOW, TOTAL);
    const total8 = Math.round(TOTAL / ((eight.times.at(-1).end - eight.started) / 1000));
    log(`8 clients: start ${start8.perSec}/s, end ${end8.perSec}/s, overall ${total8}/s`);
    const windows = [];
    for (let from = 0; from + WINDOW <= TOTAL; from += WINDOW)
      windows.push(rate(eight, from, from + WINDOW).perSec);
    log(`8 clients, creates/s per ${WINDOW}: ${windows.join(' ')}`);
    const oneEnd = await createMany(app.url, headers, WINDOW, 1, TOTAL + WINDOW);
    const rss = rssMb(app.pid);
    await app.stop();
    const single = { start: rate(oneStart, 0, WINDOW), end: rate(oneEnd, 0, WINDOW) };
    log(`1 client: start ${single.start.perSec}/s, end ${single.end.perSec}/s`);
    const figures = { start8, end8, total8, windows, single, rssMb: rss };
    console.log(JSON.stringify(figures));
    writeResults(
      'writes',
      `## Creating cards under concurrency (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback; the load generator shares the
machine. Command: \`npm run bench -- writes\` (bench/writes.mjs). \`POST /api/site-cards\`, one card per request.
Goal: 8 clients ≥ 250 creates/s, flat as the space grows; one client ≥ 91/s. Online checks: ${
        CHECKS
          ? 'on (default settings: each card is checked after its save and by the scheduled checks)'
          : 'off (the admin setting; `BENCH_ONLINE_CHECKS=on` keeps them on, see docs/decisions.md §46)'
      }.

| Clients | Space size | Creates/s | p50 ms |
|---|---|---|---|
| 8 | first ${WINDOW} (${WINDOW} → ${2 * WINDOW}) | ${start8.perSec} | ${start8.p50} |
| 8 | last ${WINDOW} (→ ${TOTAL.toLocaleString('en')}) | ${end8.perSec} | ${end8.p50} |
| 8 | all ${TOTAL.toLocaleString('en')} | ${total8} | |
| 1 | first ${WINDOW} (0 → ${WINDOW}) | ${single.start.perSec} | ${single.start.p50} |
| 1 | ${WINDOW} more into the ${TOTAL.toLocaleString('en')}-card space | ${single.end.perSec} | ${single.end.p50} |

8 clients, creates/s in each ${WINDOW} as the space grows: ${windows.join(', ')}. The app process is new when
the run starts: a lower first window is its warm-up (see the notes below the table), not the space's size.

App RSS after the runs: ${rss} MB. Writes to one space are queued in the process and the waiting ones are
committed together (docs/decisions.md, "Writing a data space").`,
    );
  };
  await withAdminApp('writes', bench, { options: cpuProfile('writes') });
}
