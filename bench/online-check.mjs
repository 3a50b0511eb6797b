// Online checks of 1,000 cards against local sites on 127.0.0.1 (most answer at once, some slowly, some are down):
// the wall time of checking them all (`POST /api/site-cards/check-online`) and the p95 of
// `GET /api/navigation/cards` while that runs, beside the p95 with no checks running.
import http from 'node:http';
import { freePort, log, machine, sample, withAdminApp, writeResults } from './lib.mjs';

const CARDS = Number(process.env.BENCH_CHECK_CARDS ?? 1000);
const SLOW_MS = 1500;

function site(delayMs) {
  const server = http.createServer((req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>ok</title>'), delayMs);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function run() {
  const fast = await site(0);
  const slow = await site(SLOW_MS);
  const downPort = await freePort(); // nothing listens there: connection refused
  const bench = async ({ app, cookie, headers }) => {
    // 10 % slow, 10 % down, the rest answer at once; every card has its own URL (no shared cache hits).
    const url = (i) =>
      i % 10 === 0
        ? `http://127.0.0.1:${slow.address().port}/s${i}`
        : i % 10 === 1
          ? `http://127.0.0.1:${downPort}/d${i}`
          : `http://127.0.0.1:${fast.address().port}/f${i}`;
    const items = Array.from({ length: CARDS }, (_, i) => ({ name: `Site ${i}`, siteUrl: url(i) }));
    const seeded = await fetch(`${app.url}/api/site-cards/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ items, allowDuplicates: true }),
    });
    if (!seeded.ok) throw new Error(`seed: ${seeded.status} ${await seeded.text()}`);
    const list = async () => {
      const res = await fetch(`${app.url}/api/navigation/cards`, { headers: { cookie } });
      if (!res.ok) throw new Error(`list: ${res.status}`);
      await res.arrayBuffer();
    };
    await sample(list, 20); // warm-up
    const idle = await sample(list, 200);

    const started = performance.now();
    let done = false;
    const checking = fetch(`${app.url}/api/site-cards/check-online`, { method: 'POST', headers }).then(
      async (res) => {
        const body = await res.json();
        done = true;
        if (!res.ok) throw new Error(`check-online: ${res.status} ${JSON.stringify(body)}`);
        return { body, wallMs: Math.round(performance.now() - started) };
      },
    );
    const times = [];
    while (!done) {
      const t = performance.now();
      await list();
      times.push(performance.now() - t);
    }
    const { body, wallMs } = await checking;
    times.sort((a, b) => a - b);
    const p = (q) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
    const during = { p50: p(0.5), p95: p(0.95), n: times.length };
    const figures = { cards: CARDS, wallMs, result: body, idle, during };
    log(JSON.stringify(figures));
    console.log(JSON.stringify(figures));
    writeResults(
      'online-check',
      `## Online checks of ${CARDS} cards (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. Built app, embedded FerretDB (on PostgreSQL) and MinIO on loopback. ${CARDS} site cards of one user,
each with its own URL on local servers: 80 % answer at once, 10 % after ${SLOW_MS} ms, 10 % refuse the connection.
One \`POST /api/site-cards/check-online\` checks them all (16 probes at a time) while a client requests
\`GET /api/navigation/cards\` back to back. Command: \`npm run bench -- online-check\` (bench/online-check.mjs).
Goal: checks bounded in concurrency, list p95 not more than doubled.

| Figure | Value |
|---|---|
| Wall time of checking all cards | ${wallMs} ms |
| Result | ${body.checked} checked, ${body.online} online, ${body.offline} offline |
| \`GET /api/navigation/cards\` p50 / p95, no checks running (200 requests) | ${idle.p50} ms / ${idle.p95} ms |
| \`GET /api/navigation/cards\` p50 / p95 while checking (${during.n} requests) | ${during.p50} ms / ${during.p95} ms |`,
    );
  };
  try {
    await withAdminApp('online-check', bench, {
      extra: { OUTBOUND_ALLOW_PRIVATE: 'true', ONLINE_CHECK_ON_SAVE: 'false' },
    });
  } finally {
    fast.close();
    slow.close();
  }
}
