// Cold start (spawn to first 200 from /api/health), idle RSS, and /api/health throughput at 50 connections.
import { benchServices, load, log, machine, rssMb, startApp, writeResults } from './lib.mjs';

const RUNS = 5;

export async function run() {
  const services = await benchServices('foundation');
  try {
    const starts = [];
    for (let i = 0; i < RUNS; i++) {
      const app = await startApp(services.env);
      starts.push(app.readyMs);
      await app.stop();
    }
    starts.sort((a, b) => a - b);
    const cold = Math.round(starts[Math.floor(RUNS / 2)]);
    log(`cold start median ${cold} ms (${starts.map((s) => Math.round(s)).join(', ')})`);

    const app = await startApp(services.env);
    await new Promise((r) => setTimeout(r, 5000));
    const idleRss = rssMb(app.pid);
    log(`idle RSS after start ${idleRss} MB`);
    const result = await load({ url: `${app.url}/api/health`, connections: 50, duration: 10 });
    const rssAfter = rssMb(app.pid);
    await app.stop();
    const figures = {
      coldStartMs: cold,
      idleRssMb: idleRss,
      healthRps: Math.round(result.requests.average),
      healthP50: result.latency.p50,
      healthP99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      rssAfterLoadMb: rssAfter,
    };
    console.log(JSON.stringify(figures));
    writeResults(
      'foundation',
      `## Foundation (${new Date().toISOString().slice(0, 10)})

Machine: ${machine()}. App built for production, embedded FerretDB (on PostgreSQL) and MinIO on loopback.
Command: \`npm run bench -- foundation\` (bench/foundation.mjs).

| Figure | Value |
|---|---|
| Cold start, spawn to first 200 from \`/api/health\` (median of ${RUNS}) | ${cold} ms |
| Idle RSS, 5 s after start | ${idleRss} MB |
| \`/api/health\` throughput, 50 connections, 10 s | ${figures.healthRps} req/s |
| \`/api/health\` latency p50 / p99 | ${figures.healthP50} ms / ${figures.healthP99} ms |
| Non-2xx responses / errors during the load | ${figures.non2xx} / ${figures.errors} |
| RSS after the load | ${rssAfter} MB |

A health check pings the database and HEADs the bucket; requests arriving while a check runs share it, so a
burst of checks does not multiply the load on FerretDB and MinIO. The load generator, the app and both servers
share the machine's 2 cores.`,
    );
  } finally {
    await services.stop();
  }
}
